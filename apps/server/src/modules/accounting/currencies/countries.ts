import { asc, eq, or, sql, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Country, COUNTRY_SORT, SortValue } from '@nusa/contracts';
import { caseless, listOrder } from '../../../platform/db/list-order.ts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { writeAudit, type Actor } from '../../../platform/audit/write.ts';
import { lockUniqueKey } from '../../../platform/numbering/lock.ts';
import { writeXlsx } from '../../../platform/files/xlsx.ts';
import { countries } from './schema.ts';
import { EXPORT_ROW_LIMIT, likePattern, yesNo, type InUse } from './service.ts';

const MODULE = 'erp.country';
type Row = typeof countries.$inferSelect;
const toCountry = (r: Row): Country => ({ countryId: r.id, countryCode: r.code, countryName: r.name, active: yesNo(r.active) });
const keywordOf = (keyword?: string): SQL | undefined =>
  keyword ? or(sql`${countries.code} ILIKE ${likePattern(keyword)}`, sql`${countries.name} ILIKE ${likePattern(keyword)}`) : undefined;

type CountrySort = SortValue<(typeof COUNTRY_SORT)[number]>;
const SORT_COLUMNS = { code: caseless(countries.code), name: caseless(countries.name), active: countries.active };
/** By name unless the caller sorts. */
const order = (sort?: CountrySort) => listOrder(sort, SORT_COLUMNS, [asc(countries.name)], countries.id);

export async function listCountries(tx: Tx, f: { page: number; limit: number; keyword?: string; sort?: CountrySort }) {
  const where = keywordOf(f.keyword);
  const rows = await tx.select().from(countries).where(where).orderBy(...order(f.sort)).limit(f.limit).offset((f.page - 1) * f.limit);
  const total = await tx.select({ n: sql<number>`count(*)::int` }).from(countries).where(where);
  return { items: rows.map(toCountry), total: total[0].n };
}

export async function getCountry(tx: Tx, id: string): Promise<Country> {
  const rows = await tx.select().from(countries).where(eq(countries.id, id));
  if (!rows[0]) throw new AppError('country_not_found', [id]);
  return toCountry(rows[0]);
}

/** The country of a code, for modules that store addresses. */
export async function findCountryByCode(tx: Tx, code: string): Promise<Country | undefined> {
  const rows = await tx.select().from(countries).where(eq(countries.code, code.toUpperCase()));
  return rows[0] ? toCountry(rows[0]) : undefined;
}

export interface CountryInput { countryCode: string; countryName: string }

async function checkCodeFree(tx: Tx, code: string, exceptId?: string) {
  await lockUniqueKey(tx, `country-code:${code}`);
  const rows = await tx.select({ id: countries.id }).from(countries).where(eq(countries.code, code));
  if (rows.some((r) => r.id !== exceptId)) throw new AppError('country_code_already_exists', [code]);
}

export async function createCountry(tx: Tx, actor: Actor, input: CountryInput): Promise<Country> {
  await checkCodeFree(tx, input.countryCode);
  const id = uuidv7();
  await tx.insert(countries).values({ tenantId: actor.tenantId, id, code: input.countryCode, name: input.countryName });
  const after = await getCountry(tx, id);
  await writeAudit(tx, actor, { module: MODULE, action: 'create', entity: 'country', entityId: id, after });
  return after;
}

export async function updateCountry(tx: Tx, actor: Actor, id: string, input: CountryInput): Promise<Country> {
  const before = await getCountry(tx, id);
  await checkCodeFree(tx, input.countryCode, id);
  await tx.update(countries).set({ code: input.countryCode, name: input.countryName }).where(eq(countries.id, id));
  const after = await getCountry(tx, id);
  await writeAudit(tx, actor, { module: MODULE, action: 'update', entity: 'country', entityId: id, before, after });
  return after;
}

export async function setCountryActive(tx: Tx, actor: Actor, id: string, active: 'Y' | 'N'): Promise<Country> {
  const before = await getCountry(tx, id);
  await tx.update(countries).set({ active: active === 'Y' }).where(eq(countries.id, id));
  const after = await getCountry(tx, id);
  await writeAudit(tx, actor, { module: MODULE, action: active === 'Y' ? 'activate' : 'deactivate', entity: 'country', entityId: id, before, after });
  return after;
}

export async function deleteCountry(tx: Tx, actor: Actor, id: string, inUse: InUse[] = []): Promise<void> {
  const before = await getCountry(tx, id);
  for (const check of inUse) {
    const user = await check(tx, id);
    if (user) throw new AppError('used_by_another_table', [user]);
  }
  await tx.delete(countries).where(eq(countries.id, id));
  await writeAudit(tx, actor, { module: MODULE, action: 'delete', entity: 'country', entityId: id, before });
}

export async function exportCountries(tx: Tx, keyword: string | undefined, lang: 'id' | 'en', sort?: CountrySort): Promise<Buffer> {
  const rows = (await tx.select().from(countries).where(keywordOf(keyword)).orderBy(...order(sort)).limit(EXPORT_ROW_LIMIT)).map(toCountry);
  const h = lang === 'id' ? ['Kode', 'Nama', 'Aktif'] : ['Code', 'Name', 'Active'];
  return writeXlsx<Country>(lang === 'id' ? 'Negara' : 'Countries', [
    { header: h[0], value: (r) => r.countryCode },
    { header: h[1], width: 30, value: (r) => r.countryName },
    { header: h[2], value: (r) => r.active },
  ], rows);
}
