import { asc, eq } from 'drizzle-orm';
import type { Country, COUNTRY_SORT, SortValue } from '@nusa/contracts';
import { caseless } from '../../../platform/db/list-order.ts';
import type { Tx } from '../../../platform/db/tenant.ts';
import type { Actor } from '../../../platform/audit/write.ts';
import { recordKit } from '../../../platform/records/kit.ts';
import { defineSheet } from '../../../platform/records/sheet.ts';
import { yn } from '../../../platform/records/query.ts';
import { countries } from './schema.ts';
import type { InUse } from './service.ts';

type CountrySort = SortValue<(typeof COUNTRY_SORT)[number]>;

/** The country sheet: the export writes it, the import reads it back. */
export const COUNTRY_SHEET = defineSheet<Country>()({
  name: { id: 'Negara', en: 'Countries' },
  fields: {
    countryCode: { id: 'Kode', en: 'Code', value: (r) => r.countryCode },
    countryName: { id: 'Nama', en: 'Name', width: 30, value: (r) => r.countryName },
    active: { id: 'Aktif', en: 'Active', value: (r) => r.active },
  },
});

const kit = recordKit({
  table: countries,
  module: 'accounting.country',
  entity: 'country',
  errors: { notFound: 'country_not_found', codeTaken: 'country_code_already_exists' },
  // ISO codes are upper case (the contract uppercases them): matched exactly, on the (tenant, code) index.
  codeMatch: (code) => eq(countries.code, code.toUpperCase()),
  lockCode: 'country-code',
  // By name unless the caller sorts.
  sort: { columns: { code: caseless(countries.code), name: caseless(countries.name), active: countries.active }, fallback: [asc(countries.name)] },
  toRecords: (_tx, rows) => rows.map((r): Country => ({ countryId: r.id, countryCode: r.code, countryName: r.name, active: yn(r.active) })),
  idOf: (r) => r.countryId,
  codeOf: (r) => r.countryCode,
  sheet: COUNTRY_SHEET,
});

export const listCountries = (tx: Tx, f: { page: number; limit: number; keyword?: string; sort?: CountrySort }) => kit.list(tx, f);

export const getCountry = (tx: Tx, id: string): Promise<Country> => kit.get(tx, id);

/** The country of a code, for modules that store addresses. */
export const findCountryByCode = (tx: Tx, code: string): Promise<Country | undefined> => kit.findByCode(tx, code);

export interface CountryInput {
  countryCode: string;
  countryName: string;
}

export const createCountry = (tx: Tx, actor: Actor, input: CountryInput): Promise<Country> =>
  kit.create(tx, actor, input.countryCode, { name: input.countryName });

export const updateCountry = (tx: Tx, actor: Actor, id: string, input: CountryInput): Promise<Country> =>
  kit.update(tx, actor, id, input.countryCode, { name: input.countryName });

export const setCountryActive = (tx: Tx, actor: Actor, id: string, active: 'Y' | 'N'): Promise<Country> => kit.setActive(tx, actor, id, active);

export const deleteCountry = (tx: Tx, actor: Actor, id: string, inUse: InUse[] = []): Promise<void> => kit.remove(tx, actor, id, inUse);

export const exportCountries = (tx: Tx, keyword: string | undefined, lang: 'id' | 'en', sort?: CountrySort): Promise<Buffer> =>
  kit.exportXlsx(tx, { keyword, sort }, lang);
