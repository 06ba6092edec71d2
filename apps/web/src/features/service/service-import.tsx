import { useState } from 'react';
import { Alert, Button, Modal, Table, Tooltip, Upload } from 'antd';
import { FileExcelOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { IMPORT_RUN_POLL_MS, XLSX_CONTENT_TYPE, endpoints, type Endpoint, type ImportRun } from '@nusa/contracts';
import { ApiError } from '../../api/api-error.ts';
import { call, callFile, saveBlob, uploadFile } from '../../api/call.ts';
import { describeError, reportError } from '../../app/feedback.tsx';

type Report = NonNullable<ImportRun['report']>;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends the xlsx to a service import endpoint and follows its run (GET /v1/service/imports/{id}) to the report. */
async function importServiceSheet(endpoint: Endpoint, params: Record<string, string>, file: File): Promise<Report> {
  let run = (await uploadFile(endpoint, { params: params as never, file, contentType: XLSX_CONTENT_TYPE })) as ImportRun;
  for (;;) {
    if (run.status === 'done' && run.report) return run.report;
    if (run.status === 'failed') throw new ApiError(422, run.errorCode ?? 'processing_error', run.errorArgs ?? []);
    await pause(IMPORT_RUN_POLL_MS);
    run = await call(endpoints.getServiceImport, { params: { importId: run.importId } });
  }
}

/** Import from xlsx into a dataset or a client's intents: the file, then the rows saved and every refused row. */
export function ServiceImportButton({ endpoint, params, onImported }: { endpoint: Endpoint; params: Record<string, string>; onImported: () => void }) {
  const { t } = useTranslation();
  const [report, setReport] = useState<Report | null>(null);
  const run = useMutation({
    mutationFn: (file: File) => importServiceSheet(endpoint, params, file),
    meta: { silent: true },
    onSuccess: (r) => {
      setReport(r);
      onImported();
    },
  });
  const close = () => {
    setReport(null);
    run.reset();
  };
  return (
    <>
      <Upload
        accept=".xlsx"
        showUploadList={false}
        beforeUpload={(file) => {
          run.mutate(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={run.isPending}>
          {t('service.import.button')}
        </Button>
      </Upload>
      <Modal
        open={report !== null || run.isError}
        title={t('service.import.title')}
        onCancel={close}
        footer={
          <Button type="primary" onClick={close}>
            {t('common.close')}
          </Button>
        }
      >
        {run.isError && <Alert type="error" showIcon title={describeError(run.error)} />}
        {report && (
          <>
            <p>{t('service.import.counts', { rows: report.rows, created: report.created, updated: report.updated, failed: report.errors.length })}</p>
            {report.errors.length > 0 && (
              <Table
                size="small"
                rowKey={(e) => `${e.row}/${e.column}/${e.errorCode}`}
                dataSource={[...report.errors]}
                pagination={{ pageSize: 10 }}
                columns={[
                  { title: t('service.import.row'), dataIndex: 'row', width: 70 },
                  { title: t('service.import.column'), dataIndex: 'column', width: 140 },
                  { title: t('service.import.reason'), key: 'r', render: (_: unknown, e) => describeError(new ApiError(422, e.errorCode, e.errorArgs)) },
                ]}
              />
            )}
          </>
        )}
      </Modal>
    </>
  );
}

/** The intents import's template (intent, example, answer) with example rows in the page's language. */
export function IntentTemplateButton() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language.startsWith('en') ? 'en' : 'id';
  const download = () =>
    callFile(endpoints.intentImportTemplate, { query: { lang } })
      .then((b) => saveBlob(b, lang === 'en' ? 'intents-template.xlsx' : 'template-intent.xlsx'))
      .catch(reportError);
  return (
    <Tooltip title={t('service.import.templateHelp')}>
      <Button icon={<FileExcelOutlined />} onClick={() => void download()}>
        {t('service.import.template')}
      </Button>
    </Tooltip>
  );
}
