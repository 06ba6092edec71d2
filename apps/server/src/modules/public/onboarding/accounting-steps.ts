import type { Tx } from '../../../platform/db/tenant.ts';
import { writeAudit, type Actor } from '../../../platform/audit/write.ts';
import { findCoaByCode } from '../../accounting/coa/service.ts';
import { bookCurrency, listCurrencies, seedReferenceCurrencies } from '../../accounting/currencies/service.ts';
import { listDocumentTemplates, seedDocumentTemplates } from '../../accounting/document-templates/service.ts';
import { listCodeNames, seedUnits } from '../../accounting/products/service.ts';
import { listCashBanks, seedCashBoxes } from '../../accounting/cash-banks/service.ts';

const MODULE = 'public.account-preparation';

const provisioned = (tx: Tx, actor: Actor, entity: string, after: Record<string, unknown>) =>
  writeAudit(tx, actor, { module: MODULE, action: 'provision', entity, entityId: actor.tenantId, after });

/**
 * The accounting reference data a trial needs before its first journal or cash document, the same the demo tenant is
 * seeded with (its sample customers, products, rates and bank accounts stay the demo's). Each step does nothing when
 * its records exist already (a retried preparation, or records the Super Admin made meanwhile).
 */
export const ACCOUNTING_STEPS: { name: string; run(tx: Tx, actor: Actor): Promise<void> }[] = [
  {
    // Documents are booked in the book currency (IDR); without it every journal is refused (currency_not_found).
    name: 'currencies',
    async run(tx, actor) {
      if ((await listCurrencies(tx, { page: 1, limit: 5 })).total > 0) return;
      const ids = await seedReferenceCurrencies(tx, actor.tenantId);
      await provisioned(tx, actor, 'currencies', { currencies: ids.size, book: 'IDR' });
    },
  },
  {
    name: 'document-templates',
    async run(tx, actor) {
      if ((await listDocumentTemplates(tx, { page: 1, limit: 5 })).total > 0) return;
      await provisioned(tx, actor, 'document-templates', { templates: await seedDocumentTemplates(tx, actor.tenantId) });
    },
  },
  {
    name: 'units',
    async run(tx, actor) {
      if ((await listCodeNames(tx, 'uom', { page: 1, limit: 5 })).total > 0) return;
      await provisioned(tx, actor, 'units', { units: (await seedUnits(tx, actor.tenantId)).size });
    },
  },
  {
    // Cash in and out need a cash bank: the cash box and petty cash on the chart's cash accounts, in the book currency.
    name: 'cash-boxes',
    async run(tx, actor) {
      if ((await listCashBanks(tx, { page: 1, limit: 5 })).total > 0) return;
      const book = await bookCurrency(tx);
      const [cash, petty] = [await findCoaByCode(tx, '1101'), await findCoaByCode(tx, '1102')];
      if (!book || !cash || !petty) return;
      const coa = new Map([
        ['1101', cash.coaId],
        ['1102', petty.coaId],
      ]);
      await seedCashBoxes(tx, actor.tenantId, { coa, idr: book.currencyId });
      await provisioned(tx, actor, 'cash-boxes', { cashBanks: 2, currency: book.currencyCode });
    },
  },
];
