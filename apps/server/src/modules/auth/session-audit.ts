import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { auditModuleLabel, auditModuleOf, auditModulesMatching, formatDuration, type UserAuditItem } from '@nusa/contracts';
import type { Tx } from '../../platform/db/tenant.ts';
import { writeXlsx } from '../../platform/files/xlsx.ts';
import { sessions } from './schema.ts';

/** Business dates are Indonesian (WIB) calendar dates. */
const ZONE = 'Asia/Jakarta';
export const EXPORT_ROW_LIMIT = 50_000;

export interface UserAuditFilter {
  userId?: string;
  from?: string;
  to?: string;
  keyword?: string;
}

function conditions(f: UserAuditFilter): SQL | undefined {
  const where: SQL[] = [];
  if (f.userId) where.push(eq(sessions.userId, f.userId));
  if (f.from) where.push(sql`${sessions.loginAt} >= (${f.from}::date)::timestamp AT TIME ZONE ${ZONE}`);
  if (f.to) where.push(sql`${sessions.loginAt} < ((${f.to}::date + 1)::timestamp AT TIME ZONE ${ZONE})`);
  if (f.keyword) {
    const pattern = `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // The module matches by its stored name, today's name or its label (a search for "Kata sandi" finds password logins).
    const modules = auditModulesMatching(f.keyword);
    where.push(
      or(
        sql`${sessions.username} ILIKE ${pattern} OR ${sessions.module} ILIKE ${pattern} OR ${sessions.id}::text ILIKE ${pattern}`,
        modules.length ? inArray(sessions.module, modules) : undefined,
      )!,
    );
  }
  return where.length ? and(...where) : undefined;
}

const columns = {
  sessionId: sessions.id,
  userId: sessions.userId,
  username: sessions.username,
  loginAt: sessions.loginAt,
  // A live session lasts until now's last activity; an ended one until its end; a refused login has no duration.
  durationMs: sql<number | null>`CASE WHEN ${sessions.responseCode} = 200
    THEN (extract(epoch from coalesce(${sessions.endedAt}, ${sessions.lastSeenAt}) - ${sessions.loginAt}) * 1000)::float8 END`,
  responseCode: sessions.responseCode,
  module: sessions.module,
  ip: sessions.ip,
};

const toItem = (r: {
  sessionId: string;
  userId: string | null;
  username: string;
  loginAt: Date;
  durationMs: number | null;
  responseCode: number;
  module: string;
  ip: string | null;
}): UserAuditItem => ({
  ...r,
  loginAt: r.loginAt.toISOString(),
  durationMs: r.durationMs === null ? null : Math.round(r.durationMs),
  // Sessions keep the module name they began with; those from before the audit catalogue show under today's.
  module: auditModuleOf(r.module) ?? r.module,
});

export async function listUserAudit(tx: Tx, f: UserAuditFilter & { page: number; limit: number }) {
  const where = conditions(f);
  const rows = await tx
    .select(columns)
    .from(sessions)
    .where(where)
    .orderBy(desc(sessions.loginAt))
    .limit(f.limit)
    .offset((f.page - 1) * f.limit);
  const total = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(sessions)
    .where(where);
  return { items: rows.map(toItem), total: total[0].n };
}

const headers = {
  id: ['ID Sesi', 'Pengguna', 'Waktu Masuk (WIB)', 'Durasi', 'Durasi (detik)', 'Kode Respons', 'Modul', 'Alamat IP'],
  en: ['Session ID', 'User', 'Login Time (WIB)', 'Duration', 'Duration (seconds)', 'Response Code', 'Module', 'IP Address'],
};

/** Login time as a WIB wall-clock Date, so Excel shows the same time as the screen. */
const wib = (iso: string) => new Date(new Date(iso).getTime() + 7 * 3600_000);

export async function exportUserAudit(tx: Tx, f: UserAuditFilter, lang: 'id' | 'en'): Promise<Buffer> {
  const rows = (await tx.select(columns).from(sessions).where(conditions(f)).orderBy(desc(sessions.loginAt)).limit(EXPORT_ROW_LIMIT)).map(toItem);
  const h = headers[lang];
  return writeXlsx<UserAuditItem>(
    lang === 'id' ? 'Audit Pengguna' : 'User Audit',
    [
      { header: h[0], width: 38, value: (r) => r.sessionId },
      { header: h[1], width: 20, value: (r) => r.username },
      { header: h[2], width: 20, value: (r) => wib(r.loginAt), format: 'dd/mm/yyyy hh:mm:ss' },
      { header: h[3], width: 16, value: (r) => (r.durationMs === null ? '' : formatDuration(r.durationMs, lang)) },
      { header: h[4], width: 14, value: (r) => (r.durationMs === null ? null : Math.round(r.durationMs / 1000)) },
      { header: h[5], width: 14, value: (r) => r.responseCode },
      { header: h[6], width: 22, value: (r) => auditModuleLabel(r.module, lang) },
      { header: h[7], width: 18, value: (r) => r.ip },
    ],
    rows,
  );
}
