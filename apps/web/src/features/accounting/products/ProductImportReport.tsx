import { Alert, Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PRODUCT_IMPORT_MAX_ERRORS } from '@nusa/contracts';
import { saveBlob } from '../../../api/call.ts';
import { useFormat } from '../../../app/use-format.ts';
import { ImportReportView } from '../master/ImportButton.tsx';
import type { ImportReport } from '../master/import-report.ts';
import { productErrorText, refusedRowsCsv, sheetColumnLabel } from './product-errors.ts';
import './products.css';

/** The product import's report: the kit's counts and refused rows with column headings and reasons in the reader's language, downloadable as CSV. */
export function ProductImportReport({ report }: { report: ImportReport }) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const reason = (code: string, args: readonly (string | number)[]) => productErrorText(code, args, t, (key) => i18n.exists(key));
  const download = () => {
    const csv = refusedRowsCsv(
      [t('masterKit.importRow'), t('masterKit.importColumn'), t('masterKit.importReason')],
      report.errors.map((e) => [e.row, sheetColumnLabel(e.column, t), reason(e.errorCode, e.errorArgs)]),
    );
    saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), `${t('acImport.errorsFileName')}-${new Date().toISOString().slice(0, 10)}.csv`);
  };
  return (
    <div className="product-import-report">
      <ImportReportView report={report} columnLabel={(column) => sheetColumnLabel(column, t)} reason={reason} />
      {report.errors.length >= PRODUCT_IMPORT_MAX_ERRORS && (
        <Alert type="warning" showIcon title={t('acImport.truncated', { value: f.number(PRODUCT_IMPORT_MAX_ERRORS) })} />
      )}
      {report.errors.length > 0 && (
        <Button icon={<DownloadOutlined />} onClick={download}>
          {t('acImport.downloadErrors')}
        </Button>
      )}
    </div>
  );
}
