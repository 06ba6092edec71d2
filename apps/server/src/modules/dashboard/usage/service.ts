import { USAGE_MAX_DAYS, USAGE_MONTHLY_WINDOW, USAGE_WIDGETS, hasAnyTask, todayInJakarta, type UsageDashboard, type UsageWidget } from '@nusa/contracts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { Money, toDecimalString } from '../../../platform/money/decimal.ts';
import { monthQuota } from '../../../platform/ai/metering/quota.ts';
import { clientsWithUsage, newCustomersBefore, usageByDay, usageByModel, usageByMonth, type DayUsage, type MonthUsage } from './rollups.ts';
import { bookCurrency } from '../../accounting/currencies/service.ts';
import { orgUnitNamesByIds } from '../../configuration/org-units/service.ts';

export interface UsageCaller {
  tenantId: string;
  tasks: readonly string[];
  isSuperAdmin: boolean;
}

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) => {
  const out: string[] = [];
  for (let t = Date.parse(from); t <= Date.parse(to); t += DAY_MS) out.push(dayOf(t));
  return out;
};
/** The YYYY-MM months from `count - 1` months before `to`'s month to it. */
const monthsUpTo = (to: string, count: number) => {
  const [y, m] = to.split('-').map(Number);
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(y, m - 1 - (count - 1 - i), 1));
    return d.toISOString().slice(0, 7);
  });
};
const seconds = (ms: number) => ms / 1000;
const sum = (values: string[]) => toDecimalString(values.reduce((a, v) => a.plus(v), new Money(0)));

/** The range asked for: this Jakarta month up to today by default; at most USAGE_MAX_DAYS days. */
export function usageRange(query: { from?: string; to?: string }, today = todayInJakarta()): { from: string; to: string } {
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  const from = query.from ?? `${to.slice(0, 7)}-01`;
  if (from > to) throw new AppError('invalid_input_format', ['from', from]);
  if ((Date.parse(to) - Date.parse(from)) / DAY_MS >= USAGE_MAX_DAYS) throw new AppError('invalid_input_format', ['to', to]);
  return { from, to };
}

/** Every widget the caller holds the task for (Super Admin: all), figures from the daily rollups only. */
export async function usageDashboard(tx: Tx, caller: UsageCaller, query: { from?: string; to?: string; clientOuId?: string }): Promise<UsageDashboard> {
  const { from, to } = usageRange(query);
  const clientOuId = query.clientOuId ?? null;
  const shown = (w: UsageWidget) => caller.isSuperAdmin || hasAnyTask(caller.tasks, [USAGE_WIDGETS[w]]);
  const currencyRow = await bookCurrency(tx);
  const answer: UsageDashboard = {
    from,
    to,
    clientOuId,
    currency: { code: currencyRow?.currencyCode ?? 'IDR', symbol: currencyRow?.symbol ?? 'Rp' },
    clients: [],
    widgets: {},
  };
  if (!(Object.keys(USAGE_WIDGETS) as UsageWidget[]).some(shown)) return answer;

  const range = { from, to, clientOuId };
  const months = monthsUpTo(to, USAGE_MONTHLY_WINDOW);
  // Whole months, from the window's first to the month of `to`.
  const window = { from: `${months[0]}-01`, to: `${to.slice(0, 7)}-01`, clientOuId };
  let monthly: Map<string, MonthUsage> | undefined;
  const byMonth = async () => (monthly ??= new Map((await usageByMonth(tx, window)).map((r) => [r.month, r])));
  const days = daysBetween(from, to);
  const w = answer.widgets;

  const clientIds = await clientsWithUsage(tx, window);
  const names = await orgUnitNamesByIds(tx, clientIds);
  answer.clients = clientIds
    .map((ouId) => ({ ouId, code: names.get(ouId)?.code ?? '', name: names.get(ouId)?.name ?? '' }))
    .sort((a, b) => a.code.localeCompare(b.code));

  if (['chatCount', 'newCustomers', 'dailyChatDuration', 'imageCount', 'imageCost', 'requests'].some((k) => shown(k as UsageWidget))) {
    const byDay = new Map((await usageByDay(tx, range)).map((r) => [r.day, r]));
    const at = (day: string): DayUsage => byDay.get(day) ?? { day, requests: 0, chats: 0, images: 0, imageCost: '0', sessions: 0, chatMs: 0, newCustomers: 0 };
    const daily = days.map(at);
    if (shown('chatCount')) w.chatCount = { total: daily.reduce((a, d) => a + d.chats, 0), days: daily.map((d) => ({ day: d.day, chats: d.chats })) };
    if (shown('newCustomers')) {
      const before = await newCustomersBefore(tx, from, clientOuId);
      let total = before;
      w.newCustomers = {
        before,
        added: daily.reduce((a, d) => a + d.newCustomers, 0),
        days: daily.map((d) => ({ day: d.day, added: d.newCustomers, total: (total += d.newCustomers) })),
      };
    }
    if (shown('dailyChatDuration')) {
      w.dailyChatDuration = {
        totalSeconds: seconds(daily.reduce((a, d) => a + d.chatMs, 0)),
        days: daily.map((d) => ({ day: d.day, seconds: seconds(d.chatMs) })),
      };
    }
    if (shown('imageCount')) w.imageCount = { total: daily.reduce((a, d) => a + d.images, 0), days: daily.map((d) => ({ day: d.day, images: d.images })) };
    if (shown('imageCost')) {
      w.imageCost = { total: sum(daily.map((d) => d.imageCost)), days: daily.map((d) => ({ day: d.day, cost: toDecimalString(new Money(d.imageCost)) })) };
    }
    if (shown('requests')) {
      const perMonth = await byMonth();
      w.requests = {
        total: daily.reduce((a, d) => a + d.requests, 0),
        days: daily.map((d) => ({ day: d.day, requests: d.requests })),
        months: months.map((month) => ({ month, requests: perMonth.get(month)?.requests ?? 0 })),
      };
    }
  }
  if (shown('sessionsPerModel') || shown('costPerModel')) {
    const models = await usageByModel(tx, range);
    if (shown('sessionsPerModel')) {
      w.sessionsPerModel = models
        .filter((m) => m.sessions > 0)
        .map((m) => ({ model: m.model, sessions: m.sessions }))
        .sort((a, b) => b.sessions - a.sessions);
    }
    if (shown('costPerModel')) {
      w.costPerModel = models
        .filter((m) => m.requests > 0 || !new Money(m.cost).isZero())
        .map((m) => ({ model: m.model, cost: toDecimalString(new Money(m.cost)) }))
        .sort((a, b) => new Money(b.cost).comparedTo(a.cost));
    }
  }
  if (shown('monthlyChatDuration')) {
    const perMonth = await byMonth();
    w.monthlyChatDuration = {
      months: months.map((month) => ({ month, seconds: seconds(perMonth.get(month)?.chatMs ?? 0), sessions: perMonth.get(month)?.sessions ?? 0 })),
    };
  }
  if (shown('quota')) {
    const quota = await monthQuota(tx, caller.tenantId, to);
    const [refused] = await usageByMonth(tx, { from: quota.month, to: quota.month });
    w.quota = { ...quota, month: quota.month.slice(0, 7), refused: refused?.refused ?? 0 };
  }
  return answer;
}
