import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { PHONE_MIN_LENGTH, type AddressRole, type Partner, type PartnerInput, type PartnerType, type PARTNER_SORT, type SortValue } from '@nusa/contracts';
import { caseless } from '../../../platform/db/list-order.ts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import type { Actor } from '../../../platform/audit/write.ts';
import { isPositive, plainDecimal } from '../../../platform/money/decimal.ts';
import { recordKit } from '../../../platform/records/kit.ts';
import { anyContains, isDropdown, yn } from '../../../platform/records/query.ts';
import { defineSheet } from '../../../platform/records/sheet.ts';
import { allowedValues, policyNamesValue } from '../../configuration/policies/service.ts';
import { nextCode } from '../document-templates/service.ts';
import { partnerAddresses, partners } from './schema.ts';

type Row = typeof partners.$inferSelect;
type AddressRow = typeof partnerAddresses.$inferSelect;

const toPartner = (r: Row, addresses: AddressRow[]): Partner => ({
  partnerId: r.id,
  partnerCode: r.code,
  partnerName: r.name,
  typePartnerCode: r.type as PartnerType,
  alias: r.alias,
  lineOfBusiness: r.lineOfBusiness,
  rank: r.rank,
  phones: r.phones,
  fax: r.fax,
  email: r.email,
  creditLimit: plainDecimal(r.creditLimit),
  addresses: addresses
    .filter((a) => a.partnerId === r.id)
    .sort((a, b) => a.position - b.position)
    .map((a) => ({
      addressId: a.id,
      address: a.address,
      city: a.city,
      postalCode: a.postalCode,
      roles: a.roles as AddressRole[],
      latitude: plainDecimal(a.latitude),
      longitude: plainDecimal(a.longitude),
    })),
  active: yn(r.active),
});

async function withAddresses(tx: Tx, rows: Row[]): Promise<Partner[]> {
  if (!rows.length) return [];
  const addresses = await tx
    .select()
    .from(partnerAddresses)
    .where(
      inArray(
        partnerAddresses.partnerId,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((r) => toPartner(r, addresses));
}

export interface PartnerFilter {
  keyword?: string;
  active?: 'Y' | 'N';
  rank?: number;
  sort?: SortValue<(typeof PARTNER_SORT)[number]>;
}

/** The partner sheet's columns (customers and suppliers alike): the export writes them, the import reads all but the addresses. */
const PARTNER_FIELDS = defineSheet<Partner>()({
  name: { id: '', en: '' },
  fields: {
    partnerCode: { id: 'Kode', en: 'Code', width: 16, value: (r) => r.partnerCode },
    partnerName: { id: 'Nama', en: 'Name', width: 32, value: (r) => r.partnerName },
    alias: { id: 'Alias', en: 'Alias', width: 16, value: (r) => r.alias },
    lineOfBusiness: { id: 'Bidang Usaha', en: 'Line of Business', width: 20, value: (r) => r.lineOfBusiness },
    rank: { id: 'Peringkat', en: 'Rank', width: 10, value: (r) => r.rank },
    phones: { id: 'Telepon', en: 'Phones', width: 26, value: (r) => r.phones.join(', ') },
    fax: { id: 'Faks', en: 'Fax', width: 16, value: (r) => r.fax },
    email: { id: 'Email', en: 'Email', width: 24, value: (r) => r.email },
    // Text, not a JS number: a credit limit keeps every digit.
    creditLimit: { id: 'Batas Kredit', en: 'Credit Limit', width: 18, value: (r) => r.creditLimit },
    addresses: {
      id: 'Alamat',
      en: 'Addresses',
      width: 50,
      exportOnly: true,
      value: (r) => r.addresses.map((a) => [a.address, a.city, a.postalCode].filter(Boolean).join(', ')).join(' | '),
    },
    active: { id: 'Aktif', en: 'Active', width: 8, value: (r) => r.active },
  },
}).fields;

export const PARTNER_SHEETS = {
  CUSTOMER: defineSheet<Partner>()({ name: { id: 'Pelanggan', en: 'Customers' }, fields: PARTNER_FIELDS }),
  SUPPLIER: defineSheet<Partner>()({ name: { id: 'Pemasok', en: 'Suppliers' }, fields: PARTNER_FIELDS }),
};

const partnerKit = (type: PartnerType) =>
  recordKit({
    table: partners,
    module: type === 'CUSTOMER' ? 'accounting.customer' : 'accounting.supplier',
    entity: type === 'CUSTOMER' ? 'customer' : 'supplier',
    errors: { notFound: 'partner_not_found', codeTaken: 'partner_code_already_exists' },
    scope: eq(partners.type, type),
    keyword: (k) => anyContains([partners.code, partners.name, partners.alias], k),
    filters: (f: PartnerFilter) => [f.rank ? eq(partners.rank, f.rank) : undefined],
    sort: {
      columns: {
        code: caseless(partners.code),
        name: caseless(partners.name),
        rank: partners.rank,
        creditLimit: partners.creditLimit,
        active: partners.active,
      },
      fallback: [asc(sql`lower(${partners.code})`)],
    },
    toRecords: withAddresses,
    idOf: (r) => r.partnerId,
    codeOf: (r) => r.partnerCode,
    nextCode: (tx, tenantId, taken) => nextCode(tx, tenantId, type === 'CUSTOMER' ? 'customer' : 'supplier', undefined, taken),
    // Refused while an OU policy names the partner.
    usedBy: async (tx, r) => ((await policyNamesValue(tx, 'partners', r.partnerCode)) ? 'policy-ou' : undefined),
    sheet: PARTNER_SHEETS[type],
  });
const KITS = { CUSTOMER: partnerKit('CUSTOMER'), SUPPLIER: partnerKit('SUPPLIER') };

/** What a user may pick: active partners the user's OU policy allows. */
async function pickable(tx: Tx, userId: string): Promise<SQL[]> {
  const allowed = await allowedValues(tx, userId, 'partners');
  return [
    eq(partners.active, true),
    ...(allowed
      ? [
          inArray(
            sql`lower(${partners.code})`,
            allowed.map((v) => v.toLowerCase()),
          ),
        ]
      : []),
  ];
}

/** The list; at the dropdown size (30) only active partners the user's OU policy allows. */
export async function listPartners(tx: Tx, type: PartnerType, userId: string, f: PartnerFilter & { page: number; limit: number }) {
  return KITS[type].list(tx, f, isDropdown(f.limit) ? await pickable(tx, userId) : []);
}

export const getPartner = (tx: Tx, type: PartnerType, id: string): Promise<Partner> => KITS[type].get(tx, id);

/** Codes of partners of either type by id (documents check them against the user's OU policy). */
export async function partnerCodesByIds(tx: Tx, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await tx.select({ id: partners.id, code: partners.code }).from(partners).where(inArray(partners.id, unique));
  return new Map(rows.map((r) => [r.id, r.code]));
}

/** For other modules (orders, receivables): the partner of a type and code, or undefined. */
export const findPartnerByCode = (tx: Tx, type: PartnerType, code: string): Promise<Partner | undefined> => KITS[type].findByCode(tx, code);

const inRange = (v: string, limit: number) => Math.abs(Number(v)) <= limit;

/** Spec 5: credit limit above 0, phones more than 10 characters; map positions complete and on the globe. */
function checkRules(input: PartnerInput) {
  if (input.creditLimit !== null && !isPositive(input.creditLimit)) throw new AppError('credit_limit_must_be_positive');
  for (const phone of [...input.phones, ...(input.fax ? [input.fax] : [])]) {
    if (phone.length < PHONE_MIN_LENGTH) throw new AppError('partner_phone_too_short', [phone]);
  }
  for (const a of input.addresses) {
    if ((a.latitude === null) !== (a.longitude === null)) throw new AppError('partner_geo_position_invalid');
    if (a.latitude !== null && a.longitude !== null && (!inRange(a.latitude, 90) || !inRange(a.longitude, 180)))
      throw new AppError('partner_geo_position_invalid');
  }
}

/** The addresses as given, in order (replacing the stored ones). */
const saveAddresses = (tx: Tx, tenantId: string, input: PartnerInput) => async (partnerId: string) => {
  await tx.delete(partnerAddresses).where(eq(partnerAddresses.partnerId, partnerId));
  if (!input.addresses.length) return;
  await tx.insert(partnerAddresses).values(
    input.addresses.map((a, position) => ({
      tenantId,
      id: uuidv7(),
      partnerId,
      position,
      address: a.address,
      city: a.city,
      postalCode: a.postalCode,
      roles: [...new Set(a.roles)],
      latitude: a.latitude,
      longitude: a.longitude,
    })),
  );
};

const fields = (input: PartnerInput) => ({
  name: input.partnerName,
  alias: input.alias,
  lineOfBusiness: input.lineOfBusiness,
  rank: input.rank,
  phones: input.phones,
  fax: input.fax,
  email: input.email,
  creditLimit: input.creditLimit,
});

export async function createPartner(tx: Tx, actor: Actor, type: PartnerType, input: PartnerInput): Promise<Partner> {
  checkRules(input);
  return KITS[type].create(tx, actor, input.partnerCode, { type, ...fields(input) }, { then: saveAddresses(tx, actor.tenantId, input) });
}

export async function updatePartner(tx: Tx, actor: Actor, type: PartnerType, id: string, input: PartnerInput): Promise<Partner> {
  await KITS[type].get(tx, id);
  checkRules(input);
  return KITS[type].update(tx, actor, id, input.partnerCode, fields(input), { then: saveAddresses(tx, actor.tenantId, input) });
}

export const setPartnerActive = (tx: Tx, actor: Actor, type: PartnerType, id: string, active: 'Y' | 'N'): Promise<Partner> =>
  KITS[type].setActive(tx, actor, id, active);

/** Refused with used_by_another_table while an OU policy names the partner. */
export const deletePartner = (tx: Tx, actor: Actor, type: PartnerType, id: string): Promise<void> => KITS[type].remove(tx, actor, id);

export const exportPartners = (tx: Tx, type: PartnerType, f: PartnerFilter, lang: 'id' | 'en'): Promise<Buffer> => KITS[type].exportXlsx(tx, f, lang);

export async function seedPartners(tx: Tx, tenantId: string) {
  const rows: [PartnerType, string, string, string, number, string, string, string, string, string][] = [
    ['CUSTOMER', 'CUS-0001', 'PT Sinar Jaya Abadi', 'Ritel', 5, '021-55501234', '50000000', 'Jl. Mangga Dua Raya No. 10', 'Jakarta Utara', '-6.1375,106.8270'],
    ['CUSTOMER', 'CUS-0002', 'CV Makmur Sentosa', 'Distributor', 4, '031-55507788', '25000000', 'Jl. Basuki Rahmat No. 45', 'Surabaya', '-7.2650,112.7425'],
    ['CUSTOMER', 'CUS-0003', 'Toko Berkah Sejahtera', 'Toko Kelontong', 3, '0812-34567890', '5000000', 'Jl. Dago No. 88', 'Bandung', '-6.8915,107.6107'],
    [
      'SUPPLIER',
      'SUP-0001',
      'PT Indo Pangan Lestari',
      'Makanan & Minuman',
      5,
      '021-89901122',
      '150000000',
      'Kawasan Industri Pulogadung Blok C',
      'Jakarta Timur',
      '-6.1920,106.9080',
    ],
    ['SUPPLIER', 'SUP-0002', 'PT Kemasan Nusantara', 'Kemasan', 4, '022-77703344', '75000000', 'Jl. Soekarno-Hatta No. 201', 'Bandung', '-6.9400,107.6500'],
  ];
  for (const [type, code, name, lineOfBusiness, rank, phone, creditLimit, address, city, geo] of rows) {
    const id = uuidv7();
    const [latitude, longitude] = geo.split(',');
    await tx.insert(partners).values({ tenantId, id, type, code, name, lineOfBusiness, rank, phones: [phone], creditLimit });
    await tx
      .insert(partnerAddresses)
      .values({ tenantId, id: uuidv7(), partnerId: id, position: 0, address, city, roles: ['MAILING', 'BILLING', 'SHIPPING'], latitude, longitude });
  }
}
