import { v7 as uuidv7 } from 'uuid';
import type { CoaGroupPurpose, CoaSign, CoaType } from '@nusa/contracts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { coaAccounts, coaGroups, coaSegmentGroups } from './schema.ts';

type GroupSeed = [code: string, name: string, type: CoaType, sign: CoaSign, purpose: CoaGroupPurpose, systemPredefined: boolean];
/** [code, name, group, main account code, flags: D = detail, F = default; sign when not the group's] */
type AccountSeed = [code: string, name: string, group: string, main: string | null, flags?: string, sign?: CoaSign];

const GROUPS: GroupSeed[] = [
  ['1100', 'Kas', 'asset', 'debit', 'cash', true],
  ['1200', 'Bank', 'asset', 'debit', 'bank', true],
  ['1300', 'Piutang', 'asset', 'debit', 'general', true],
  ['1400', 'Persediaan', 'asset', 'debit', 'general', true],
  ['1500', 'Pajak Dibayar di Muka', 'asset', 'debit', 'general', true],
  ['1600', 'Uang Muka dan Biaya Dibayar di Muka', 'asset', 'debit', 'general', false],
  ['1700', 'Aset Tetap', 'asset', 'debit', 'general', true],
  ['2100', 'Utang Usaha', 'liability', 'credit', 'general', true],
  ['2200', 'Utang Pajak', 'liability', 'credit', 'general', true],
  ['2300', 'Utang Lain-lain', 'liability', 'credit', 'general', false],
  ['3100', 'Ekuitas', 'equity', 'credit', 'general', true],
  ['4100', 'Pendapatan Usaha', 'revenue', 'credit', 'general', true],
  ['5100', 'Harga Pokok Penjualan', 'cost', 'debit', 'general', true],
  ['6100', 'Beban Operasional', 'cost', 'debit', 'general', false],
  ['7100', 'Pendapatan Lain-lain', 'revenue', 'credit', 'general', false],
  ['7200', 'Beban Lain-lain', 'cost', 'debit', 'general', false],
];

/** A complete chart of accounts of an Indonesian trading SME (PSAK EMKM headings), two levels deep where it helps. */
const ACCOUNTS: AccountSeed[] = [
  ['1101', 'Kas', '1100', null, 'F'],
  ['1102', 'Kas Kecil', '1100', null],
  ['1201', 'Bank', '1200', null],
  ['1201.01', 'Bank BCA', '1200', '1201'],
  ['1201.02', 'Bank Mandiri', '1200', '1201'],
  ['1201.03', 'Bank BRI', '1200', '1201'],
  ['1301', 'Piutang Usaha', '1300', null, 'DF'],
  ['1302', 'Piutang Karyawan', '1300', null],
  ['1303', 'Cadangan Kerugian Piutang', '1300', null, '', 'credit'],
  ['1401', 'Persediaan Barang Dagang', '1400', null, 'DF'],
  ['1402', 'Persediaan Barang dalam Perjalanan', '1400', null],
  ['1501', 'PPN Masukan', '1500', null, 'DF'],
  ['1502', 'PPh 22 Dibayar di Muka', '1500', null],
  ['1503', 'PPh 23 Dibayar di Muka', '1500', null],
  ['1504', 'PPh 25 Dibayar di Muka', '1500', null],
  ['1601', 'Uang Muka Pembelian', '1600', null, 'F'],
  ['1602', 'Sewa Dibayar di Muka', '1600', null],
  ['1603', 'Asuransi Dibayar di Muka', '1600', null],
  ['1701', 'Tanah', '1700', null],
  ['1702', 'Bangunan', '1700', null],
  ['1703', 'Kendaraan', '1700', null],
  ['1704', 'Peralatan Kantor', '1700', null],
  ['1710', 'Akumulasi Penyusutan', '1700', null, '', 'credit'],
  ['1710.01', 'Akumulasi Penyusutan Bangunan', '1700', '1710', '', 'credit'],
  ['1710.02', 'Akumulasi Penyusutan Kendaraan', '1700', '1710', '', 'credit'],
  ['1710.03', 'Akumulasi Penyusutan Peralatan Kantor', '1700', '1710', '', 'credit'],
  ['2101', 'Utang Usaha', '2100', null, 'DF'],
  ['2102', 'Uang Muka Penjualan', '2100', null, 'F'],
  ['2201', 'PPN Keluaran', '2200', null, 'F'],
  ['2202', 'Utang PPh 21', '2200', null],
  ['2203', 'Utang PPh 23', '2200', null],
  ['2204', 'Utang PPh 25', '2200', null],
  ['2205', 'Utang PPh 4 Ayat 2', '2200', null],
  ['2301', 'Utang Gaji', '2300', null],
  ['2302', 'Biaya yang Masih Harus Dibayar', '2300', null],
  ['2303', 'Utang Bank', '2300', null],
  ['3101', 'Modal Disetor', '3100', null],
  ['3102', 'Laba Ditahan', '3100', null, 'F'],
  ['3103', 'Laba Tahun Berjalan', '3100', null, 'F'],
  ['3104', 'Prive / Dividen', '3100', null, '', 'debit'],
  ['4101', 'Penjualan', '4100', null, 'DF'],
  ['4102', 'Retur Penjualan', '4100', null, 'F', 'debit'],
  ['4103', 'Potongan Penjualan', '4100', null, 'F', 'debit'],
  ['5101', 'Harga Pokok Penjualan', '5100', null, 'DF'],
  ['5102', 'Retur Pembelian', '5100', null, '', 'credit'],
  ['5103', 'Potongan Pembelian', '5100', null, '', 'credit'],
  ['5104', 'Biaya Angkut Pembelian', '5100', null],
  ['6101', 'Beban Gaji dan Tunjangan', '6100', null],
  ['6102', 'Beban Sewa', '6100', null],
  ['6103', 'Beban Listrik dan Air', '6100', null],
  ['6104', 'Beban Telepon dan Internet', '6100', null],
  ['6105', 'Beban Penyusutan', '6100', null],
  ['6106', 'Beban Perlengkapan Kantor', '6100', null],
  ['6107', 'Beban Transportasi', '6100', null],
  ['6108', 'Beban Pemasaran', '6100', null],
  ['6109', 'Beban Asuransi', '6100', null],
  ['6110', 'Beban Pemeliharaan dan Perbaikan', '6100', null],
  ['7101', 'Pendapatan Bunga', '7100', null],
  ['7102', 'Laba Selisih Kurs', '7100', null],
  ['7103', 'Pendapatan Lain-lain', '7100', null],
  ['7201', 'Beban Administrasi Bank', '7200', null],
  ['7202', 'Rugi Selisih Kurs', '7200', null],
  ['7203', 'Beban Pajak Bunga Bank', '7200', null],
  ['7204', 'Beban Lain-lain', '7200', null],
];

const SEGMENTS = [
  ['DEPT', 'Departemen'],
  ['PROYEK', 'Proyek'],
  ['SALURAN', 'Saluran Penjualan'],
] as const;

/** Seeds the chart of accounts, its groups (cash and bank included) and segment groups; returns account ids by code. */
export async function seedChartOfAccounts(tx: Tx, tenantId: string): Promise<Map<string, string>> {
  const groupIds = new Map<string, { id: string; type: CoaType; sign: CoaSign }>();
  for (const [code, name, type, sign, purpose, systemPredefined] of GROUPS) {
    const id = uuidv7();
    groupIds.set(code, { id, type, sign });
    await tx.insert(coaGroups).values({ tenantId, id, code, name, type, sign, purpose, systemPredefined });
  }
  const accountIds = new Map<string, string>();
  for (const [code, name, groupRef, mainCode, flags = '', sign] of ACCOUNTS) {
    const group = groupIds.get(groupRef)!;
    const id = uuidv7();
    accountIds.set(code, id);
    await tx.insert(coaAccounts).values({
      tenantId,
      id,
      code,
      name,
      sign: sign ?? group.sign,
      type: group.type,
      groupId: group.id,
      mainAccountId: mainCode ? accountIds.get(mainCode)! : null,
      isDetail: flags.includes('D'),
      isDefault: flags.includes('F'),
    });
  }
  for (const [code, name] of SEGMENTS) await tx.insert(coaSegmentGroups).values({ tenantId, id: uuidv7(), code, name });
  return accountIds;
}
