import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

/**
 * The usage dashboard (spec 1, spec 6's ten widget tasks, issue 10). One call answers every widget the caller holds
 * the task for; a widget whose task is not held is absent from the answer. Days and months are Asia/Jakarta's.
 */

export { USAGE_WIDGETS, USAGE_WIDGET_KEYS, type UsageWidget } from './usage-widgets.ts';

/** The longest range one call may ask for; monthly figures cover the MONTHLY_WINDOW whole months up to the month of the range's end. */
export const USAGE_MAX_DAYS = 366;
export const USAGE_MONTHLY_WINDOW = 12;

/** Money as a decimal string in the book currency. */
const amount = z.string();
const day = z.iso.date();
/** YYYY-MM. */
const month = z.string().regex(/^\d{4}-\d{2}$/);

/** A day of a report: an ISO date of the years PostgreSQL and the calendar widgets agree on. */
const reportDay = z.iso.date().refine((d) => d >= '1900-01-01' && d <= '2999-12-31', 'a date between 1900 and 2999');

export const usageDashboardQuery = z
  .object({
    /** First and last day (inclusive); this month by default (its first day to today). */
    from: reportDay.optional(),
    to: reportDay.optional(),
    clientOuId: z.uuid().optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must not be after to', path: ['from'] })
  .refine((q) => !q.from || !q.to || (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < USAGE_MAX_DAYS, {
    message: `at most ${USAGE_MAX_DAYS} days`,
    path: ['to'],
  });

const perDay = <T extends z.ZodRawShape>(shape: T) => z.array(z.object({ day, ...shape }));
const perMonth = <T extends z.ZodRawShape>(shape: T) => z.array(z.object({ month, ...shape }));

export const usageDashboard = z.object({
  from: day,
  to: day,
  clientOuId: z.string().nullable(),
  /** The book currency's code and symbol, for the amounts. */
  currency: z.object({ code: z.string(), symbol: z.string() }),
  /** The clients (OUs) that have any usage, for the filter; empty for a caller with no widget. */
  clients: z.array(z.object({ ouId: z.string(), code: z.string(), name: z.string() })),
  widgets: z.object({
    sessionsPerModel: z.array(z.object({ model: z.string(), sessions: z.number().int() })).optional(),
    costPerModel: z.array(z.object({ model: z.string(), cost: amount })).optional(),
    chatCount: z.object({ total: z.number().int(), days: perDay({ chats: z.number().int() }) }).optional(),
    /** `before`: customers whose first session was before `from`; each day's `total` adds the day's new ones to it. */
    newCustomers: z
      .object({ before: z.number().int(), added: z.number().int(), days: perDay({ added: z.number().int(), total: z.number().int() }) })
      .optional(),
    dailyChatDuration: z.object({ totalSeconds: z.number(), days: perDay({ seconds: z.number() }) }).optional(),
    monthlyChatDuration: z.object({ months: perMonth({ seconds: z.number(), sessions: z.number().int() }) }).optional(),
    imageCount: z.object({ total: z.number().int(), days: perDay({ images: z.number().int() }) }).optional(),
    imageCost: z.object({ total: amount, days: perDay({ cost: amount }) }).optional(),
    /** The month of `to`: request and image quotas and what was used, and the calls refused for want of quota. */
    quota: z
      .object({
        month,
        requestLimit: z.number().int(),
        requestsUsed: z.number().int(),
        imageLimit: z.number().int(),
        imagesUsed: z.number().int(),
        refused: z.number().int(),
      })
      .optional(),
    /** Calls that ended ok, per day of the range and per month of the monthly window. */
    requests: z.object({ total: z.number().int(), days: perDay({ requests: z.number().int() }), months: perMonth({ requests: z.number().int() }) }).optional(),
  }),
});
export type UsageDashboard = z.infer<typeof usageDashboard>;
export type UsageDashboardQuery = z.input<typeof usageDashboardQuery>;

export const usageDashboardEndpoints = {
  usageDashboard: defineEndpoint({
    method: 'GET',
    path: '/v1/dashboard/usage',
    access: [],
    summary: 'AI usage widgets of the dashboard for a date range and client: each widget only for a holder of its task',
    query: usageDashboardQuery,
    response: usageDashboard,
  }),
};
