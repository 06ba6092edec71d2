import { useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { auditFieldChanges, type AuditLogItem } from '@nusa/contracts';
import './audit-log.css';

const shown = (value: unknown) => (value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value));

/**
 * A write's fields side by side, before | after: the changed ones first and highlighted, the unchanged ones behind a
 * toggle. A create has no before and a delete no after: their every field is shown as changed.
 */
export function AuditChanges({ entry }: { entry: AuditLogItem }) {
  const { t } = useTranslation();
  const [showUnchanged, setShowUnchanged] = useState(false);
  const fields = auditFieldChanges(entry.before, entry.after);
  const changed = fields.filter((f) => f.changed);
  const unchanged = fields.filter((f) => !f.changed);
  const rows = showUnchanged ? [...changed, ...unchanged] : changed;
  return (
    <div className="audit-changes">
      {fields.length > 0 && (
        <table className="audit-changes__table">
          <thead>
            <tr>
              <th scope="col">{t('auditLog.field')}</th>
              <th scope="col">{t('auditLog.before')}</th>
              <th scope="col">{t('auditLog.after')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((f) => (
              <tr key={f.field} className={f.changed ? 'audit-changes__row audit-changes__row--changed' : 'audit-changes__row'} data-changed={f.changed}>
                <th scope="row">{f.field || t('auditLog.value')}</th>
                <td className="audit-changes__before">{shown(f.before)}</td>
                <td className="audit-changes__after">{shown(f.after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="audit-changes__foot">
        {unchanged.length > 0 && (
          <Button type="link" size="small" className="audit-changes__toggle" onClick={() => setShowUnchanged(!showUnchanged)}>
            {showUnchanged ? t('auditLog.hideUnchanged') : t('auditLog.showUnchanged', { count: unchanged.length })}
          </Button>
        )}
        <span className="muted-text audit-changes__chain">
          {entry.hash ? t('auditLog.chain', { seq: entry.seq, hash: entry.hash.slice(0, 16) }) : t('auditLog.chainPending')}
        </span>
      </div>
    </div>
  );
}
