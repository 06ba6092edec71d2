import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { PHONE_MIN_LENGTH, type AddressRole, type Partner, type PartnerInput, type PartnerType, type PARTNER_SORT, type SortValue } from '@nusa/contracts';
import { caseless, listOrder } from '../../../platform/db/list-order.ts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { writeAudit, type Actor } from '../../../platform/audit/write.ts';
import { writeXlsx, type XlsxColumn } from '../../../platform/files/xlsx.ts';
import { allowedValues, policyNamesValue } from '../../configuration/policies/service.ts';
import { codeOrNameLike, codeOrNext, isDropdown, isPositive, plainDecimal, XLSX_EXPORT_LIMIT, yn } from '../warehouses/master-helpers.ts';
import { partnerAddresses, partners } from './schema.ts';

const MODULE = { CUSTOMER: 'erp.customer', SUPPLIER: 'erp.supplier' } as const;
const ENTITY = { CUSTOMER: 'customer', SUPPLIER: 'supplier' } as const;

type Row = typeof partners.$inferSelect;
type AddressRow = typeof partnerAddresses.$inferSelect;

const toPartner = (r: Row, addresses: AddressRow[]): Partner => ({
  partnerId: r.id, partnerCode: r.code, partnerName: r.name, typePartnerCode: r.type as PartnerType, alias: r.alias,
  lineOfBusiness: r.lineOfBusiness, rank: r.rank, phones: r.phones, fax: r.fax, email: r.email, creditLimit: plainDecimal(r.creditLimit),
  addresses: addresses.filter((a) => a.partnerId === r.id).sort((a, b) => a.position - b.position).map((a) => ({
    addressId: a.id, address: a.address, city: a.city, postalCode: a.postalCode, roles: a.roles as AddressRole[],
    latitude: plainDecimal(a.latitude), longitude: plainDecimal(a.longitude),
  })),
  active: yn(r.active),
});

async function withAddresses(tx: Tx, rows: Row[]): Promise<Partner[]> {
  if (!rows.length) return [];
  const addresses = await tx.select().from(partnerAddresses).where(inArray(partnerAddresses.partnerId, rows.map((r) => r.id)));
  return rows.map((r) => toPartner(r, addresses));
}

export interface PartnerFilter { keyword?: string; active?: 'Y' | 'N'; rank?: number; sort?: SortValue<(typeof PARTNER_SORT)[number]> }

const SORT_COLUMNS = { code: caseless(partners.code), name: caseless(partners.name), rank: partners.rank, creditLimit: partners.creditLimit, active: partners.active };
const order = (f: PartnerFilter) => listOrder(f.sort, SORT_COLUMNS, [asc(sql`lower(${partners.code})`)], partners.id);

async function conditions(tx: Tx, type: PartnerType, f: PartnerFilter, pick?: { userId: string }): Promise<SQL> {
  const where: SQL[] = [eq(partners.type, type)];
  if (f.keyword) {
    const like = codeOrNameLike(partners.code, partners.name, f.keyword);
    where.push(sql`(${like} OR ${partners.alias} ILIKE ${`%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`})`);
  }
  if (f.active) where.push(eq(partners.active, f.active === 'Y'));
  if (f.rank) where.push(eq(partners.rank, f.rank));
  if (pick) {
    where.push(eq(partners.active, true));
    const allowed = await allowedValues(tx, pick.userId, 'partners');
    if (allowed) where.push(inArray(sql`lower(${partners.code})`, allowed.map((v) => v.toLowerCase())));
  }
  return and(...where)!;
}

/** The list; at the dropdown size (30) only active partners the user's OU policy allows. */
export async function listPartners(tx: Tx, type: PartnerType, userId: string, f: PartnerFilter & { page: number; limit: number }) {
  const condition = await conditions(tx, type, f, isDropdown(f.limit) ? { userId } : undefined);
  const rows = await tx.select().from(partners).where(condition).orderBy(...order(f)).limit(f.limit).offset((f.page - 1) * f.limit);
  const total = await tx.select({ n: sql<number>`count(*)::int` }).from(partners).where(condition);
  return { items: await withAddresses(tx, rows), total: total[0].n };
}

export async function getPartner(tx: Tx, type: PartnerType, id: string): Promise<Partner> {
  const rows = await tx.select().from(partners).where(and(eq(partners.id, id), eq(partners.type, type)));
  if (!rows[0]) throw new AppError('partner_not_found', [id]);
  return (await withAddresses(tx, rows))[0];
}

/** For other modules (orders, receivables): the partner of a type and code, or undefined. */
export async function findPartnerByCode(tx: Tx, type: PartnerType, code: string): Promise<Partner | undefined> {
  const rows = await tx.select().from(partners).where(and(eq(partners.type, type), sql`lower(${partners.code}) = lower(${code})`));
  return rows[0] ? (await withAddresses(tx, rows))[0] : undefined;
}

const inRange = (v: string, limit: number) => Math.abs(Number(v)) <= limit;

/** Spec 5: credit limit above 0, phones more than 10 characters; map positions complete and on the globe. */
function checkRules(input: PartnerInput) {
  if (input.creditLimit !== null && !isPositive(input.creditLimit)) throw new AppError('credit_limit_must_be_positive');
  for (const phone of [...input.phones, ...(input.fax ? [input.fax] : [])]) {
    if (phone.length < PHONE_MIN_LENGTH) throw new AppError('partner_phone_too_short', [phone]);
  }
  for (const a of input.addresses) {
    if ((a.latitude === null) !== (a.longitude === null)) throw new AppError('partner_geo_position_invalid');
    if (a.latitude !== null && a.longitude !== null && (!inRange(a.latitude, 90) || !inRange(a.longitude, 180))) throw new AppError('partner_geo_position_invalid');
  }
}

async function assertCodeFree(tx: Tx, type: PartnerType, code: string, exceptId?: string) {
  const rows = await tx.select({ id: partners.id }).from(partners).where(and(eq(partners.type, type), sql`lower(${partners.code}) = lower(${code})`));
  if (rows.some((r) => r.id !== exceptId)) throw new AppError('partner_code_already_exists', [code]);
}

async function saveAddresses(tx: Tx, tenantId: string, partnerId: string, input: PartnerInput) {
  await tx.delete(partnerAddresses).where(eq(partnerAddresses.partnerId, partnerId));
  if (!input.addresses.length) return;
  await tx.insert(partnerAddresses).values(input.addresses.map((a, position) => ({
    tenantId, id: uuidv7(), partnerId, position, address: a.address, city: a.city, postalCode: a.postalCode,
    roles: [...new Set(a.roles)], latitude: a.latitude, longitude: a.longitude,
  })));
}

const fields = (input: PartnerInput) => ({
  name: input.partnerName, alias: input.alias, lineOfBusiness: input.lineOfBusiness, rank: input.rank, phones: input.phones,
  fax: input.fax, email: input.email, creditLimit: input.creditLimit,
});

export async function createPartner(tx: Tx, actor: Actor, type: PartnerType, input: PartnerInput): Promise<Partner> {
  checkRules(input);
  const code = await codeOrNext(tx, actor.tenantId, ENTITY[type], input.partnerCode, async (c) => (await findPartnerByCode(tx, type, c)) !== undefined);
  await assertCodeFree(tx, type, code);
  const id = uuidv7();
  await tx.insert(partners).values({ tenantId: actor.tenantId, id, type, code, ...fields(input) });
  await saveAddresses(tx, actor.tenantId, id, input);
  const after = await getPartner(tx, type, id);
  await writeAudit(tx, actor, { module: MODULE[type], action: 'create', entity: ENTITY[type], entityId: id, after });
  return after;
}

export async function updatePartner(tx: Tx, actor: Actor, type: PartnerType, id: string, input: PartnerInput): Promise<Partner> {
  const before = await getPartner(tx, type, id);
  checkRules(input);
  const code = input.partnerCode || before.partnerCode;
  await assertCodeFree(tx, type, code, id);
  await tx.update(partners).set({ code, ...fields(input) }).where(eq(partners.id, id));
  await saveAddresses(tx, actor.tenantId, id, input);
  const after = await getPartner(tx, type, id);
  await writeAudit(tx, actor, { module: MODULE[type], action: 'update', entity: ENTITY[type], entityId: id, before, after });
  return after;
}

export async function setPartnerActive(tx: Tx, actor: Actor, type: PartnerType, id: string, active: 'Y' | 'N'): Promise<Partner> {
  const before = await getPartner(tx, type, id);
  await tx.update(partners).set({ active: active === 'Y' }).where(eq(partners.id, id));
  const after = await getPartner(tx, type, id);
  await writeAudit(tx, actor, { module: MODULE[type], action: active === 'Y' ? 'activate' : 'deactivate', entity: ENTITY[type], entityId: id, before, after });
  return after;
}

/** Refused with used_by_another_table while an OU policy names the partner. */
export async function deletePartner(tx: Tx, actor: Actor, type: PartnerType, id: string) {
  const before = await getPartner(tx, type, id);
  if (await policyNamesValue(tx, 'partners', before.partnerCode)) throw new AppError('used_by_another_table', ['policy-ou']);
  await tx.delete(partners).where(eq(partners.id, id));
  await writeAudit(tx, actor, { module: MODULE[type], action: 'delete', entity: ENTITY[type], entityId: id, before });
}

/** Export headings; the import reads them back (all but the addresses). */
export const HEADERS = {
  id: ['Kode', 'Nama', 'Alias', 'Bidang Usaha', 'Peringkat', 'Telepon', 'Faks', 'Email', 'Batas Kredit', 'Alamat', 'Aktif'],
  en: ['Code', 'Name', 'Alias', 'Line of Business', 'Rank', 'Phones', 'Fax', 'Email', 'Credit Limit', 'Addresses', 'Active'],
};

export async function exportPartners(tx: Tx, type: PartnerType, f: PartnerFilter, lang: 'id' | 'en'): Promise<Buffer> {
  const rows = await withAddresses(tx, await tx.select().from(partners).where(await conditions(tx, type, f)).orderBy(...order(f)).limit(XLSX_EXPORT_LIMIT));
  const sheet = type === 'CUSTOMER' ? (lang === 'id' ? 'Pelanggan' : 'Customers') : lang === 'id' ? 'Pemasok' : 'Suppliers';
  return writeXlsx<Partner>(sheet, partnerSheetColumns(lang), rows);
}

/** The export's columns; the import reads a stored partner's cells from them too. */
export function partnerSheetColumns(lang: 'id' | 'en'): XlsxColumn<Partner>[] {
  const h = HEADERS[lang];
  return [
    { header: h[0], width: 16, value: (r) => r.partnerCode },
    { header: h[1], width: 32, value: (r) => r.partnerName },
    { header: h[2], width: 16, value: (r) => r.alias },
    { header: h[3], width: 20, value: (r) => r.lineOfBusiness },
    { header: h[4], width: 10, value: (r) => r.rank },
    { header: h[5], width: 26, value: (r) => r.phones.join(', ') },
    { header: h[6], width: 16, value: (r) => r.fax },
    { header: h[7], width: 24, value: (r) => r.email },
    // Text, not a JS number: a credit limit keeps every digit.
    { header: h[8], width: 18, value: (r) => r.creditLimit },
    { header: h[9], width: 50, value: (r) => r.addresses.map((a) => [a.address, a.city, a.postalCode].filter(Boolean).join(', ')).join(' | ') },
    { header: h[10], width: 8, value: (r) => r.active },
  ];
}

export async function seedPartners(tx: Tx, tenantId: string) {
  const rows: [PartnerType, string, string, string, number, string, string, string, string, string][] = [
    ['CUSTOMER', 'CUS-0001', 'PT Sinar Jaya Abadi', 'Ritel', 5, '021-55501234', '50000000', 'Jl. Mangga Dua Raya No. 10', 'Jakarta Utara', '-6.1375,106.8270'],
    ['CUSTOMER', 'CUS-0002', 'CV Makmur Sentosa', 'Distributor', 4, '031-55507788', '25000000', 'Jl. Basuki Rahmat No. 45', 'Surabaya', '-7.2650,112.7425'],
    ['CUSTOMER', 'CUS-0003', 'Toko Berkah Sejahtera', 'Toko Kelontong', 3, '0812-34567890', '5000000', 'Jl. Dago No. 88', 'Bandung', '-6.8915,107.6107'],
    ['SUPPLIER', 'SUP-0001', 'PT Indo Pangan Lestari', 'Makanan & Minuman', 5, '021-89901122', '150000000', 'Kawasan Industri Pulogadung Blok C', 'Jakarta Timur', '-6.1920,106.9080'],
    ['SUPPLIER', 'SUP-0002', 'PT Kemasan Nusantara', 'Kemasan', 4, '022-77703344', '75000000', 'Jl. Soekarno-Hatta No. 201', 'Bandung', '-6.9400,107.6500'],
  ];
  for (const [type, code, name, lineOfBusiness, rank, phone, creditLimit, address, city, geo] of rows) {
    const id = uuidv7();
    const [latitude, longitude] = geo.split(',');
    await tx.insert(partners).values({ tenantId, id, type, code, name, lineOfBusiness, rank, phones: [phone], creditLimit });
    await tx.insert(partnerAddresses).values({ tenantId, id: uuidv7(), partnerId: id, position: 0, address, city, roles: ['MAILING', 'BILLING', 'SHIPPING'], latitude, longitude });
  }
}
