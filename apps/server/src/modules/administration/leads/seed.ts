import { v7 as uuidv7 } from 'uuid';
import type { Tx } from '../../../platform/db/tenant.ts';
import { promoCodes } from './schema.ts';

/** Demo promo codes: one for everybody, one for small businesses coming through the web, one fixed amount. */
export async function seedPromoCodes(tx: Tx, tenantId: string): Promise<void> {
  await tx.insert(promoCodes).values([
    { tenantId, id: uuidv7(), code: 'NUSA10', description: 'Diskon 10% untuk semua paket', discountPercent: '10' },
    {
      tenantId,
      id: uuidv7(),
      code: 'UMKM25',
      description: 'Diskon 25% untuk usaha mikro dan kecil lewat situs web',
      channels: ['web'],
      segments: ['micro', 'small'],
      discountPercent: '25',
    },
    { tenantId, id: uuidv7(), code: 'HEMAT500K', description: 'Potongan Rp500.000', discountAmount: '500000' },
  ]);
}
