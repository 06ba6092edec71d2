import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '@nusa/contracts';
import { ImportReportView } from '../master/ImportButton.tsx';
import type { ImportReport } from '../master/import-report.ts';
import { textOfKey } from '../../../i18n/keys.ts';

/**
 * The kit's import report with the sheet's column keys (groupCode …) shown by the screen's field labels, also where a
 * reason names the field (`value_cannot_null`, `invalid_input_format` take the field as their first argument).
 */
export function useLabelledImportReport(labels: Record<string, string>): (report: ImportReport) => ReactNode {
  const { t, i18n } = useTranslation();
  const label = (column: string) => labels[column] ?? column;
  const reason = (code: string, args: readonly (string | number)[]) => {
    const key = errorMessageKey(code);
    if (!i18n.exists(key)) return code;
    return textOfKey(t, key, Object.fromEntries(args.map((arg, i) => [String(i), i === 0 && typeof arg === 'string' ? label(arg) : arg])));
  };
  return (report) => <ImportReportView report={report} columnLabel={label} reason={reason} />;
}

/** Labels of the columns the COA sheets share. */
export function useCoaSheetLabels() {
  const { t } = useTranslation();
  return { type: t('ledger.type'), sign: t('ledger.sign'), active: t('crud.active') };
}
