import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Select, Table, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  CSV_CONTENT_TYPE,
  DATASET_COLUMN_TYPES,
  DATASET_IMPORT_MAX_BYTES,
  PDF_CONTENT_TYPE,
  XLSX_CONTENT_TYPE,
  endpoints,
  type DatasetPreview,
  type ImportColumnChoice,
} from '@nusa/contracts';
import { uploadFile } from '../../../api/call.ts';
import { describeError } from '../../../app/feedback.tsx';
import type { TrackedImport } from './import-runs.ts';

const contentTypeOf = (f: File) => {
  const name = f.name.toLowerCase();
  return name.endsWith('.csv') ? CSV_CONTENT_TYPE : name.endsWith('.pdf') ? PDF_CONTENT_TYPE : XLSX_CONTENT_TYPE;
};

/**
 * Upload of a dataset file (xlsx, csv or a text PDF) in two steps: the name and the file, then the preview the server
 * reads from it (the header found, each column's type, the first rows) where each column's name and type can be
 * changed before the import starts. The import answers the queued run, followed on the page.
 */
export function UploadDialog({ open, onClose, onStarted }: { open: boolean; onClose: () => void; onStarted: (run: TrackedImport) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const [file, setFile] = useState<File | null>(null);
  const [sent, setSent] = useState(0);
  const [preview, setPreview] = useState<DatasetPreview | null>(null);
  const [choices, setChoices] = useState<ImportColumnChoice[]>([]);
  const progress = (s: number, total: number) => setSent(total ? Math.round((s / total) * 100) : 0);

  const read = useMutation({
    mutationFn: (f: File) => uploadFile(endpoints.previewDataset, { file: f, contentType: contentTypeOf(f), onProgress: progress }),
    meta: { silent: true },
    onSuccess: (p) => {
      setPreview(p);
      setChoices(p.columns.map(({ label, type }) => ({ label, type })));
      setSent(0);
    },
  });
  const start = useMutation({
    mutationFn: ({ name, file: f }: { name: string; file: File }) =>
      uploadFile(endpoints.importDataset, {
        query: { name, columns: JSON.stringify(choices.map((c) => ({ label: c.label.trim(), type: c.type }))) },
        file: f,
        contentType: contentTypeOf(f),
        onProgress: progress,
      }),
    meta: { silent: true },
    onSuccess: (run, { name }) => {
      onStarted({ importId: run.importId, name });
      reset();
    },
  });
  const reset = () => {
    form.resetFields();
    setFile(null);
    setPreview(null);
    setSent(0);
    read.reset();
    start.reset();
  };
  const back = () => {
    setPreview(null);
    start.reset();
  };
  const change = (i: number, next: Partial<ImportColumnChoice>) => setChoices((cs) => cs.map((c, j) => (j === i ? { ...c, ...next } : c)));

  const tooBig = file !== null && file.size > DATASET_IMPORT_MAX_BYTES;
  const namesMissing = choices.some((c) => c.label.trim() === '');
  const busy = read.isPending || start.isPending;
  const typeOptions = DATASET_COLUMN_TYPES.map((type) => ({ value: type, label: t(`analysis.type.${type}`) }));

  const footer = preview ? (
    <>
      <Button onClick={back} disabled={busy}>
        {t('analysisImport.back')}
      </Button>
      <Button
        type="primary"
        loading={start.isPending}
        disabled={namesMissing}
        onClick={() => void form.validateFields().then(({ name }) => file && start.mutate({ name: name.trim(), file }))}
      >
        {t('analysis.datasets.start')}
      </Button>
    </>
  ) : (
    <>
      <Button onClick={onClose}>{t('common.cancel')}</Button>
      <Button
        type="primary"
        loading={read.isPending}
        disabled={!file || tooBig}
        onClick={() => void form.validateFields().then(() => file && read.mutate(file))}
      >
        {t('analysisImport.preview')}
      </Button>
    </>
  );

  return (
    <Modal
      open={open}
      title={preview ? t('analysisImport.previewTitle') : t('analysis.datasets.upload')}
      width={preview ? 960 : 560}
      footer={footer}
      onCancel={onClose}
      destroyOnHidden
      afterClose={reset}
    >
      <Form form={form} layout="vertical" preserve>
        <Form.Item
          name="name"
          label={t('analysis.datasets.name')}
          rules={[{ required: true, whitespace: true, message: t('analysis.datasets.nameRequired') }, { max: 100 }]}
        >
          <Input maxLength={100} />
        </Form.Item>
      </Form>
      {preview ? (
        <div className="dataset-preview">
          <p>{t('analysisImport.previewHint', { row: preview.headerRow, count: preview.rows.length })}</p>
          <Table
            size="small"
            bordered
            pagination={false}
            scroll={{ x: 'max-content', y: 360 }}
            rowKey={(_, i) => String(i)}
            dataSource={preview.rows.map((cells) => ({ cells }))}
            columns={choices.map((c, i) => ({
              key: String(i),
              title: (
                <div className="dataset-preview__column">
                  <Input
                    size="small"
                    value={c.label}
                    maxLength={100}
                    status={c.label.trim() === '' ? 'error' : undefined}
                    aria-label={t('analysisImport.columnName', { n: i + 1 })}
                    onChange={(e) => change(i, { label: e.target.value })}
                  />
                  <Select
                    size="small"
                    value={c.type}
                    options={typeOptions}
                    showSearch={{ optionFilterProp: 'label' }}
                    aria-label={t('analysisImport.columnType', { name: c.label || i + 1 })}
                    onChange={(type) => change(i, { type })}
                  />
                </div>
              ),
              render: (_: unknown, r: { cells: (string | null)[] }) => r.cells[i] ?? '',
            }))}
          />
          {namesMissing && <Alert type="error" showIcon title={t('analysisImport.nameMissing')} />}
        </div>
      ) : (
        <>
          <Upload.Dragger
            className="analysis-dropzone"
            accept=".xlsx,.csv,.pdf"
            multiple={false}
            showUploadList={false}
            beforeUpload={(f) => {
              setFile(f);
              read.reset();
              if (!form.getFieldValue('name')) form.setFieldValue('name', f.name.replace(/\.(xlsx|csv|pdf)$/i, ''));
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{file ? file.name : t('analysis.datasets.drop')}</p>
            <p className="ant-upload-hint">{t('analysis.datasets.dropHint')}</p>
            <p className="ant-upload-hint">{t('analysisImport.pdfHint')}</p>
          </Upload.Dragger>
          {tooBig && <Alert type="error" showIcon title={t('analysis.datasets.tooBig')} />}
        </>
      )}
      {busy && <p>{t('analysis.datasets.sending', { percent: sent })}</p>}
      {read.isError && <Alert type="error" showIcon title={describeError(read.error)} />}
      {start.isError && <Alert type="error" showIcon title={describeError(start.error)} />}
    </Modal>
  );
}
