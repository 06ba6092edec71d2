import type { ReactNode } from 'react';
import { ImportReportView } from '../master/ImportButton.tsx';
import type { ImportReport } from '../master/import-report.ts';

/** The kit's import report with each column key (warehouseCode …) shown by the screen's own field label. */
export const labelledImportReport =
  (labels: Record<string, string>) =>
  (report: ImportReport): ReactNode => <ImportReportView report={report} columnLabel={(column) => labels[column] ?? column} />;
