import { useState, type ReactNode } from 'react';
import { Alert, Button, Modal, Progress, Statistic, Table, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DIALOG_MIN_WIDTH } from '../../../app/components/dialog-width.ts';
import { useFormat } from '../../../app/use-format.ts';
import { IMPORT_MAX_BYTES, XLSX_EXTENSION, type ImportReport } from './import-report.ts';
import type { ImportStage } from './import-run.ts';
import { describeError } from '../../../app/feedback.tsx';
import { isSessionExpiry } from '../../../app/errors.ts';
import { importReasonText } from './import-reason.ts';

interface Props {
  /** Sends the file and follows the server's run to its report, telling each stage it reaches. */
  upload: (file: File, onStage: (stage: ImportStage) => void) => Promise<ImportReport>;
  /** Another look for the report than the kit's counts-and-errors table. */
  renderReport?: (report: ImportReport) => ReactNode;
  /** Called after any import that saved rows, to reload the list. */
  onImported: () => void;
}

/** Import from xlsx: choose a file, send it, follow the server reading it, then show what was saved and every refused row. */
export function ImportButton({ upload, renderReport, onImported }: Props) {
  const { t } = useTranslation();
  const f = useFormat();
  const [report, setReport] = useState<ImportReport | null>(null);
  const [tooBig, setTooBig] = useState(false);
  const [stage, setStage] = useState<ImportStage | null>(null);
  const mutation = useMutation({
    mutationFn: (file: File) => upload(file, setStage),
    // A refused file is told inside the dialog, beside the file it is about, not as a toast.
    meta: { silent: true },
    onSuccess: (r) => {
      setReport(r);
      if (r.created + r.updated > 0) onImported();
    },
    onSettled: () => setStage(null),
  });
  const close = () => {
    setReport(null);
    setTooBig(false);
    mutation.reset();
  };
  const failed = mutation.isError && !isSessionExpiry(mutation.error);
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
        open={report !== null || tooBig || failed || mutation.isPending}
        title={mutation.isPending ? t('masterKit.importRunningTitle') : t('masterKit.importTitle')}
        width="min(720px, 92vw)"
        style={{ minWidth: DIALOG_MIN_WIDTH }}
        closable={!mutation.isPending}
        mask={{ closable: !mutation.isPending }}
        keyboard={!mutation.isPending}
        onCancel={close}
        footer={
          mutation.isPending ? null : (
            <Button type="primary" onClick={close}>
              {t('common.close')}
            </Button>
          )
        }
      >
        {mutation.isPending && <ImportProgress stage={stage} />}
        {tooBig && <Alert type="error" showIcon title={t('masterKit.importFileInvalid', { size: f.number(IMPORT_MAX_BYTES / 1024 / 1024) })} />}
        {failed && <Alert type="error" showIcon title={t('masterKit.importRefused')} description={describeError(mutation.error)} />}
        {report && (renderReport ? renderReport(report) : <ImportReportView report={report} />)}
      </Modal>
    </>
  );
}

/** The bar and words of the stage an import is in. */
function ImportProgress({ stage }: { stage: ImportStage | null }) {
  const { t } = useTranslation();
  const f = useFormat();
  const uploading = stage?.phase === 'upload' && stage.percent !== null && stage.percent < 100;
  // Reading has no known end (the row count shows once read): the full bar keeps moving, as while waiting.
  const percent = uploading ? (stage.percent ?? 0) : 100;
  const text =
    stage?.phase === 'running'
      ? t('masterKit.importRunning', { rows: f.number(stage.rowsRead) })
      : stage?.phase === 'queued'
        ? t('masterKit.importQueued')
        : uploading
          ? t('masterKit.importUploading', { percent: stage.percent })
          : t('masterKit.importProcessing');
  return (
    <div className="master-import-progress" role="status">
      <Progress percent={percent} status="active" showInfo={uploading} />
      <p>{text}</p>
    </div>
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
  const f = useFormat();
  const reason = reasonOf ?? ((code: string, args: readonly (string | number)[]) => importReasonText(code, args, t, (key) => i18n.exists(key)));
  return (
    <div className="master-import-report">
      <div className="master-import-report__counts">
        <Statistic title={t('masterKit.importRows')} value={f.number(report.rows)} />
        <Statistic title={t('masterKit.importCreated')} value={f.number(report.created)} />
        <Statistic title={t('masterKit.importUpdated')} value={f.number(report.updated)} />
        <Statistic title={t('masterKit.importUnchanged')} value={f.number(report.unchanged)} />
        <Statistic title={t('masterKit.importFailed')} value={f.number(report.errors.length)} />
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
            { title: t('masterKit.importRow'), dataIndex: 'row', width: 80, render: (n: number) => f.number(n) },
            { title: t('masterKit.importColumn'), dataIndex: 'column', width: 160, render: (c: string) => columnLabel?.(c) ?? c },
            { title: t('masterKit.importReason'), key: 'reason', render: (_: unknown, e) => reason(e.errorCode, e.errorArgs) },
          ]}
        />
      )}
    </div>
  );
}
