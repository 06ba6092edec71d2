import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { USAGE_MAX_DAYS } from './usage.ts';

/**
 * Customer-service response times on the dashboard (issue 24): over the conversations handed over in a range of days
 * (Asia/Jakarta), the bot's time from the customer's first message to the hand-over and the agents' first response
 * after it. A supervisor who reads the chat history or counts chats sees it.
 */
export const SERVICE_RESPONSE_TASKS = ['viewHistoryChat', 'viewCountChat'] as const;

const reportDay = z.iso.date().refine((d) => d >= '1900-01-01' && d <= '2999-12-31', 'a date between 1900 and 2999');

export const serviceResponseQuery = z
  .object({ from: reportDay.optional(), to: reportDay.optional(), clientCode: z.string().max(20).optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must not be after to', path: ['from'] })
  .refine((q) => !q.from || !q.to || (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < USAGE_MAX_DAYS, {
    message: `at most ${USAGE_MAX_DAYS} days`,
    path: ['to'],
  });

/** Seconds over `count` conversations; null figures when there are none. */
const durations = z.object({ count: z.number().int(), averageSeconds: z.number().nullable(), medianSeconds: z.number().nullable() });

export const serviceResponseTimes = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  clientCode: z.string().nullable(),
  /** Conversations handed over in the range. */
  handedOver: z.number().int(),
  /** Of those, the ones no agent has replied to yet. */
  unanswered: z.number().int(),
  handover: durations,
  firstResponse: durations,
  /** Each day with hand-overs: their count and the day's median times. */
  days: z.array(
    z.object({
      day: z.iso.date(),
      handedOver: z.number().int(),
      handoverMedianSeconds: z.number().nullable(),
      firstResponseMedianSeconds: z.number().nullable(),
    }),
  ),
});
export type ServiceResponseTimes = z.infer<typeof serviceResponseTimes>;

export const serviceResponseEndpoints = {
  serviceResponseTimes: defineEndpoint({
    method: 'GET',
    path: '/v1/dashboard/service-response-times',
    access: SERVICE_RESPONSE_TASKS,
    summary: 'Average and median bot time to hand-over and agent first-response time of the conversations handed over in a range',
    query: serviceResponseQuery,
    response: serviceResponseTimes,
  }),
};
