import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import {
  LEAD_PACKAGES,
  type LeadChannel,
  type LeadPackage,
  type PROMO_SORT,
  type PromoCode,
  type PromoInput,
  type PromoSegment,
  type SortValue,
} from '@nusa/contracts';
import { caseless, listOrder } from '../../../platform/db/list-order.ts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { writeAudit, type Actor } from '../../../platform/audit/write.ts';
import { discountOf, minus, toUnits } from './money.ts';
import { promoCodes } from './schema.ts';

const MODULE = 'administration.promo-code';

type Row = typeof promoCodes.$inferSelect;
const toPromo = (r: Row): PromoCode => ({
  promoId: r.id,
  code: r.code,
  description: r.description,
  active: r.active ? 'Y' : 'N',
  startsOn: r.startsOn,
  endsOn: r.endsOn,
  channels: r.channels as PromoCode['channels'],
  segments: r.segments as PromoCode['segments'],
  discountPercent: r.discountPercent,
  discountAmount: r.discountAmount,
});

/** Business dates are Indonesian (WIB) calendar days. */
const today = sql<string>`(now() AT TIME ZONE 'Asia/Jakarta')::date::text`;

export interface PromoContext {
  channel: LeadChannel;
  segment: PromoSegment;
}

/**
 * The promo rules in order: exists (promo_not_found), switched on and started (not_active), not past its end
 * (expired), for this channel (channel_not_eligible) and company segment (segment_not_eligible).
 */
export async function findUsablePromo(tx: Tx, code: string, ctx: PromoContext): Promise<Row> {
  const rows = await tx
    .select({ promo: promoCodes, today })
    .from(promoCodes)
    .where(sql`lower(${promoCodes.code}) = lower(${code})`)
    .limit(1);
  const hit = rows[0];
  if (!hit) throw new AppError('promo_not_found');
  const p = hit.promo;
  if (!p.active || (p.startsOn !== null && p.startsOn > hit.today)) throw new AppError('not_active');
  if (p.endsOn !== null && p.endsOn < hit.today) throw new AppError('expired');
  if (p.channels.length > 0 && !p.channels.includes(ctx.channel)) throw new AppError('channel_not_eligible');
  if (p.segments.length > 0 && !p.segments.includes(ctx.segment)) throw new AppError('segment_not_eligible');
  return p;
}

export interface Quote {
  promoCode: string | null;
  price: string;
  discount: string;
  amount: string;
}

/** Price of a package less its promo discount; the promo (when given) must pass every rule. */
export async function quote(tx: Tx, pkg: LeadPackage, code: string | undefined, ctx: PromoContext): Promise<Quote> {
  const price = LEAD_PACKAGES[pkg];
  const promo = code ? await findUsablePromo(tx, code, ctx) : undefined;
  const discount = discountOf(price, promo);
  return { promoCode: promo?.code ?? null, price, discount, amount: minus(price, discount) };
}

function checkPromoInput(input: PromoInput) {
  const pct = input.discountPercent === null ? undefined : toUnits(input.discountPercent);
  const amt = input.discountAmount === null ? undefined : toUnits(input.discountAmount);
  const pctOk = pct !== undefined && pct > 0n && pct <= toUnits('100');
  const amtOk = amt !== undefined && amt > 0n;
  if ((pct !== undefined) === (amt !== undefined) || (pct !== undefined && !pctOk) || (amt !== undefined && !amtOk))
    throw new AppError('promo_discount_invalid');
  if (input.startsOn && input.endsOn && input.startsOn > input.endsOn) throw new AppError('promo_period_invalid');
}

const isUniqueViolation = (err: unknown) => (err as { code?: string })?.code === '23505' || (err as { cause?: { code?: string } })?.cause?.code === '23505';

async function checkCodeFree(tx: Tx, code: string, exceptId?: string) {
  const rows = await tx
    .select({ id: promoCodes.id })
    .from(promoCodes)
    .where(sql`lower(${promoCodes.code}) = lower(${code})`);
  if (rows.some((r) => r.id !== exceptId)) throw new AppError('promo_code_already_exists', [code]);
}

const valuesOf = (input: PromoInput) => ({
  code: input.code,
  description: input.description,
  active: input.active === 'Y',
  startsOn: input.startsOn,
  endsOn: input.endsOn,
  channels: [...new Set(input.channels)],
  segments: [...new Set(input.segments)],
  discountPercent: input.discountPercent,
  discountAmount: input.discountAmount,
});

export async function listPromoCodes(tx: Tx, f: { page: number; limit: number; keyword?: string; sort?: SortValue<(typeof PROMO_SORT)[number]> }) {
  let where: SQL | undefined;
  if (f.keyword) {
    const p = `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where = sql`(${promoCodes.code} ILIKE ${p} OR ${promoCodes.description} ILIKE ${p})`;
  }
  const rows = await tx
    .select()
    .from(promoCodes)
    .where(where)
    .orderBy(...listOrder(f.sort, { code: caseless(promoCodes.code), period: promoCodes.startsOn }, [asc(sql`lower(${promoCodes.code})`)], promoCodes.id))
    .limit(f.limit)
    .offset((f.page - 1) * f.limit);
  const total = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(promoCodes)
    .where(where);
  return { items: rows.map(toPromo), total: total[0].n };
}

export async function getPromoCode(tx: Tx, id: string): Promise<PromoCode> {
  const rows = await tx.select().from(promoCodes).where(eq(promoCodes.id, id));
  if (!rows[0]) throw new AppError('param_not_found', ['promo code']);
  return toPromo(rows[0]);
}

export async function createPromoCode(tx: Tx, actor: Actor, input: PromoInput): Promise<PromoCode> {
  checkPromoInput(input);
  await checkCodeFree(tx, input.code);
  const id = uuidv7();
  try {
    await tx.insert(promoCodes).values({ tenantId: actor.tenantId, id, ...valuesOf(input) });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('promo_code_already_exists', [input.code]);
    throw err;
  }
  const after = await getPromoCode(tx, id);
  await writeAudit(tx, actor, { module: MODULE, action: 'create', entity: 'promo-code', entityId: id, after });
  return after;
}

export async function updatePromoCode(tx: Tx, actor: Actor, id: string, input: PromoInput): Promise<PromoCode> {
  const before = await getPromoCode(tx, id);
  checkPromoInput(input);
  await checkCodeFree(tx, input.code, id);
  await tx.update(promoCodes).set(valuesOf(input)).where(eq(promoCodes.id, id));
  const after = await getPromoCode(tx, id);
  await writeAudit(tx, actor, { module: MODULE, action: 'update', entity: 'promo-code', entityId: id, before, after });
  return after;
}

/** Leads keep the code text they were priced with, so a promo can go without touching them. */
export async function deletePromoCode(tx: Tx, actor: Actor, id: string): Promise<void> {
  const before = await getPromoCode(tx, id);
  await tx.delete(promoCodes).where(eq(promoCodes.id, id));
  await writeAudit(tx, actor, { module: MODULE, action: 'delete', entity: 'promo-code', entityId: id, before });
}
