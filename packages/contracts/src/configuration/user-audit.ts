import { z } from 'zod';
import { XLSX_CONTENT_TYPE, defineEndpoint, listOf, listQuery } from '../endpoint.ts';

const AUDIT_READ = ['readOnlyConfigUser', 'createEditConfigUser', 'writeAllConfigUser'] as const;

export const userAuditFilter = z.object({
  userId: z.uuid().optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});

export const userAuditItem = z.object({
  sessionId: z.string(),
  userId: z.string().nullable(),
  username: z.string(),
  loginAt: z.string(),
  durationMs: z.number().nullable(),
  responseCode: z.number(),
  module: z.string(),
  ip: z.string().nullable(),
});
export type UserAuditItem = z.infer<typeof userAuditItem>;

export const userAuditEndpoints = {
  listUserAudit: defineEndpoint({
    method: 'GET',
    path: '/v1/config/user-audit',
    access: AUDIT_READ,
    summary: 'Login sessions of the tenant: session id, login time, duration, response code, module; filter by user and date',
    query: listQuery.extend(userAuditFilter.shape),
    response: listOf(userAuditItem),
  }),
  exportUserAudit: defineEndpoint({
    method: 'GET',
    path: '/v1/config/user-audit/export',
    access: AUDIT_READ,
    summary: 'The same sessions as an xlsx file (at most 50,000 rows)',
    query: userAuditFilter.extend({ keyword: z.string().trim().max(100).optional(), lang: z.enum(['id', 'en']).default('id') }),
    response: z.custom<Uint8Array>(),
    file: { contentType: XLSX_CONTENT_TYPE },
  }),
};

/** Spec 9: durations show as ms, seconds under 60, minutes under 3600, then hours and minutes. */
export function formatDuration(ms: number, lang: 'id' | 'en'): string {
  const words = lang === 'id' ? { s: 'detik', m: 'menit', h: 'jam' } : { s: 's', m: 'min', h: 'h' };
  if (ms < 1000) return `${Math.max(0, Math.round(ms))} ms`;
  const seconds = Math.floor(ms / 1000);
  if (seconds < 60) return `${seconds} ${words.s}`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} ${words.m}`;
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return `${hours} ${words.h} ${minutes} ${words.m}`;
}
