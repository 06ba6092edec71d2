import { auditActionLabel, auditFieldChanges, auditModuleLabel, type AuditLogFilter, type AuditLogItem } from '@nusa/contracts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { writeXlsx } from '../../../platform/files/xlsx.ts';
import { auditLogRows } from './service.ts';

export const AUDIT_EXPORT_LIMIT = 50_000;
/** Excel keeps at most 32,767 characters in a cell. */
const CELL_MAX = 32_000;

const headers = {
  id: ['No. urut', 'Waktu (WIB)', 'Pengguna', 'Modul', 'Aksi', 'Jenis rekaman', 'ID rekaman', 'Field berubah', 'Sebelum', 'Sesudah', 'Hash'],
  en: ['Seq', 'Time (WIB)', 'User', 'Module', 'Action', 'Record type', 'Record ID', 'Changed fields', 'Before', 'After', 'Hash'],
};

/** Time as a WIB wall-clock Date, so Excel shows the same time as the screen. */
const wib = (iso: string) => new Date(new Date(iso).getTime() + 7 * 3600_000);
const json = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v).slice(0, CELL_MAX));

/** The filtered audit rows as an xlsx sheet, labels in `lang`. */
export async function exportAuditLog(tx: Tx, f: AuditLogFilter, lang: 'id' | 'en'): Promise<Buffer> {
  const rows = await auditLogRows(tx, f, AUDIT_EXPORT_LIMIT);
  const h = headers[lang];
  return writeXlsx<AuditLogItem>(
    lang === 'id' ? 'Log Audit' : 'Audit Log',
    [
      { header: h[0], width: 10, value: (r) => r.seq },
      { header: h[1], width: 20, value: (r) => wib(r.at), format: 'dd/mm/yyyy hh:mm:ss' },
      { header: h[2], width: 18, value: (r) => r.userName ?? '' },
      { header: h[3], width: 22, value: (r) => auditModuleLabel(r.module, lang) },
      { header: h[4], width: 16, value: (r) => auditActionLabel(r.action, lang) },
      { header: h[5], width: 18, value: (r) => r.entity },
      { header: h[6], width: 38, value: (r) => r.entityId },
      {
        header: h[7],
        width: 30,
        value: (r) =>
          auditFieldChanges(r.before, r.after)
            .filter((c) => c.changed)
            .map((c) => c.field || '–')
            .join(', '),
      },
      { header: h[8], width: 40, value: (r) => json(r.before) },
      { header: h[9], width: 40, value: (r) => json(r.after) },
      { header: h[10], width: 20, value: (r) => r.hash },
    ],
    rows,
  );
}
