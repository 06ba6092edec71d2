import { useState, type ReactNode } from 'react';
import { Alert, Button, Modal, Progress, Statistic, Table, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '@nusa/contracts';
import { DIALOG_MIN_WIDTH } from '../../../app/components/dialog-width.ts';
import { formatNumber } from '../../../app/format.ts';
import { IMPORT_MAX_BYTES, XLSX_EXTENSION, type ImportReport } from './import-report.ts';

interface Props {
  /** Sends the file; reports upload progress when it can (bytes sent and in all). */
  upload: (file: File, onProgress?: (sent: number, total: number) => void) => Promise<ImportReport>;
  /** Another look for the report than the kit's counts-and-errors table. */
  renderReport?: (report: ImportReport) => ReactNode;
  /** Called after any import that saved rows, to reload the list. */
  onImported: () => void;
}

/** Import from xlsx: choose a file, send it, then show what was saved and every refused row. */
export function ImportButton({ upload, renderReport, onImported }: Props) {
  const { t } = useTranslation();
  const [report, setReport] = useState<ImportReport | null>(null);
  const [tooBig, setTooBig] = useState(false);
  const [sent, setSent] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: (file: File) => {
      setSent(null);
      return upload(file, (bytes, total) => setSent(total > 0 ? Math.min(100, Math.floor((bytes / total) * 100)) : null));
    },
    onSuccess: (r) => {
      setReport(r);
      if (r.created + r.updated > 0) onImported();
    },
  });
  return (
    <>
      <Upload
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        showUploadList={false}
        beforeUpload={(file) => {
          const bad = file.size > IMPORT_MAX_BYTES || !XLSX_EXTENSION.test(file.name);
          setTooBig(bad);
          if (!bad) mutation.mutate(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={mutation.isPending}>
          {t('masterKit.import')}
        </Button>
      </Upload>
      <Modal
        open={report !== null || tooBig || mutation.isPending}
        title={t('masterKit.importTitle')}
        width="min(720px, 92vw)"
        style={{ minWidth: DIALOG_MIN_WIDTH }}
        closable={!mutation.isPending}
        mask={{ closable: !mutation.isPending }}
        keyboard={!mutation.isPending}
        onCancel={() => {
          setReport(null);
          setTooBig(false);
        }}
        footer={
          mutation.isPending ? null : (
            <Button
              type="primary"
              onClick={() => {
                setReport(null);
                setTooBig(false);
              }}
            >
              {t('common.close')}
            </Button>
          )
        }
      >
        {mutation.isPending && (
          <div className="master-import-progress" role="status">
            {/* Once sent (or when the browser reports no progress) the full bar keeps moving while the server reads the rows. */}
            <Progress percent={sent ?? 100} status="active" showInfo={sent !== null && sent < 100} />
            <p>{sent !== null && sent < 100 ? t('masterKit.importUploading', { percent: sent }) : t('masterKit.importProcessing')}</p>
          </div>
        )}
        {tooBig && <Alert type="error" showIcon title={t('masterKit.importFileInvalid', { size: formatNumber(IMPORT_MAX_BYTES / 1024 / 1024) })} />}
        {report && (renderReport ? renderReport(report) : <ImportReportView report={report} />)}
      </Modal>
    </>
  );
}

interface ReportViewProps {
  report: ImportReport;
  /** The column's heading for its key (default: the key). */
  columnLabel?: (column: string) => string;
  /** The refusal's text (default: the error catalogue's text with its arguments). */
  reason?: (code: string, args: readonly (string | number)[]) => string;
}

/** Counts of an import, then its refused rows: row number, column and the translated reason. */
export function ImportReportView({ report, columnLabel, reason: reasonOf }: ReportViewProps) {
  const { t, i18n } = useTranslation();
  const reason =
    reasonOf ??
    ((code: string, args: readonly (string | number)[]) => {
      const key = errorMessageKey(code);
      return i18n.exists(key) ? t(key, Object.fromEntries(args.map((a, i) => [String(i), a]))) : code;
    });
  return (
    <div className="master-import-report">
      <div className="master-import-report__counts">
        <Statistic title={t('masterKit.importRows')} value={formatNumber(report.rows)} />
        <Statistic title={t('masterKit.importCreated')} value={formatNumber(report.created)} />
        <Statistic title={t('masterKit.importUpdated')} value={formatNumber(report.updated)} />
        <Statistic title={t('masterKit.importUnchanged')} value={formatNumber(report.unchanged)} />
        <Statistic title={t('masterKit.importFailed')} value={formatNumber(report.errors.length)} />
      </div>
      {report.errors.length === 0 ? (
        <Alert type="success" showIcon title={t('masterKit.importAllSaved')} />
      ) : (
        <Table
          size="small"
          rowKey={(e) => `${e.row}/${e.column}/${e.errorCode}`}
          dataSource={[...report.errors]}
          pagination={{ pageSize: 10, showSizeChanger: false }}
          columns={[
            { title: t('masterKit.importRow'), dataIndex: 'row', width: 80, render: (n: number) => formatNumber(n) },
            { title: t('masterKit.importColumn'), dataIndex: 'column', width: 160, render: (c: string) => columnLabel?.(c) ?? c },
            { title: t('masterKit.importReason'), key: 'reason', render: (_: unknown, e) => reason(e.errorCode, e.errorArgs) },
          ]}
        />
      )}
    </div>
  );
}
