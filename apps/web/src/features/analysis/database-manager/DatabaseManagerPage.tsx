import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Upload } from 'antd';
import { InboxOutlined, TableOutlined, UploadOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CSV_CONTENT_TYPE, DATASET_IMPORT_MAX_BYTES, XLSX_CONTENT_TYPE, endpoints, type Dataset } from '@nusa/contracts';
import { call, uploadFile } from '../../../api/call.ts';
import { describeError } from '../../../app/feedback.tsx';
import { formatNumber } from '../../../app/format.ts';
import { useHeldTasks } from '../../../app/session.ts';
import { ListPage, ListTable, ListToolbar, useListState } from '../../../app/components/list/index.ts';
import { ImportRuns } from './ImportRuns.tsx';
import { NewDatasetDialog } from './NewDatasetDialog.tsx';
import { GoogleSheetButton } from './sources/GoogleSheetDialog.tsx';
import { saveTrackedImports, trackedImports, type TrackedImport } from './import-runs.ts';
import '../analysis.css';

const when = new Intl.DateTimeFormat('id-ID', { dateStyle: 'medium', timeStyle: 'short' });

/** Analysis › Database manager: the datasets, and new ones uploaded from xlsx or csv and followed while imported. */
export default function DatabaseManagerPage() {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const canAdd = useHeldTasks().includes('addManageDatabaseAiAnalytics');
  const list = useListState<Dataset>();
  const [runs, setRuns] = useState<TrackedImport[]>(trackedImports);
  const [uploading, setUploading] = useState(false);
  const [creating, setCreating] = useState(false);
  const datasets = useQuery({
    queryKey: ['analysis', 'datasets', list.query.page, list.query.limit, list.query.keyword],
    queryFn: ({ signal }) => call(endpoints.listDatasets, { query: list.query, signal }),
    placeholderData: keepPreviousData,
  });
  const keep = (next: TrackedImport[]) => {
    saveTrackedImports(next);
    setRuns(next);
  };
  return (
    <ListPage
      title={t('analysis.title.databaseManager')}
      subtitle={t('analysis.datasets.subtitle')}
      actions={
        canAdd && (
          <>
            <GoogleSheetButton onStarted={(run) => keep([run, ...runs])} />
            <Button icon={<TableOutlined />} onClick={() => setCreating(true)}>
              {t('analysisDataset.create.button')}
            </Button>
            <Button type="primary" icon={<UploadOutlined />} onClick={() => setUploading(true)}>
              {t('analysis.datasets.upload')}
            </Button>
          </>
        )
      }
    >
      <ImportRuns
        runs={runs}
        onDismiss={(id) => keep(runs.filter((r) => r.importId !== id))}
        onDone={() => void queries.invalidateQueries({ queryKey: ['analysis', 'datasets'] })}
      />
      <ListToolbar keyword={list.keyword} onKeyword={list.setKeyword} searchPlaceholder={t('analysis.datasets.search')} />
      <ListTable
        state={list}
        rowKey={(d) => d.datasetId}
        data={datasets.data}
        loading={datasets.isFetching}
        failed={datasets.isError}
        onRetry={() => void datasets.refetch()}
        emptyText={t('analysis.datasets.empty')}
        columns={[
          {
            title: t('analysis.datasets.name'),
            key: 'name',
            render: (_: unknown, d: Dataset) => <Link to={`/analysis/database-manager/dataset/${d.datasetId}`}>{d.name}</Link>,
          },
          { title: t('analysis.datasets.rows'), key: 'rows', align: 'right', render: (_: unknown, d: Dataset) => formatNumber(d.rowCount) },
          { title: t('analysis.datasets.columns'), key: 'columns', align: 'right', render: (_: unknown, d: Dataset) => formatNumber(d.columns.length) },
          { title: t('analysis.datasets.refreshedAt'), key: 'refreshedAt', render: (_: unknown, d: Dataset) => when.format(new Date(d.refreshedAt)) },
        ]}
      />
      <NewDatasetDialog open={creating} onClose={() => setCreating(false)} />
      <UploadDialog
        open={uploading}
        onClose={() => setUploading(false)}
        onStarted={(run) => {
          keep([run, ...runs]);
          setUploading(false);
        }}
      />
    </ListPage>
  );
}

/** The name and the file (dropped or chosen); the upload answers the queued run, followed on the page. */
function UploadDialog({ open, onClose, onStarted }: { open: boolean; onClose: () => void; onStarted: (run: TrackedImport) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const [file, setFile] = useState<File | null>(null);
  const [sent, setSent] = useState(0);
  const start = useMutation({
    mutationFn: ({ name, file: f }: { name: string; file: File }) =>
      uploadFile(endpoints.importDataset, {
        query: { name },
        file: f,
        contentType: f.name.toLowerCase().endsWith('.csv') ? CSV_CONTENT_TYPE : XLSX_CONTENT_TYPE,
        onProgress: (s, total) => setSent(total ? Math.round((s / total) * 100) : 0),
      }),
    meta: { silent: true },
    onSuccess: (run, { name }) => {
      onStarted({ importId: run.importId, name });
      form.resetFields();
      setFile(null);
      setSent(0);
    },
  });
  const tooBig = file !== null && file.size > DATASET_IMPORT_MAX_BYTES;
  return (
    <Modal
      open={open}
      title={t('analysis.datasets.upload')}
      okText={t('analysis.datasets.start')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !file || tooBig }}
      confirmLoading={start.isPending}
      onCancel={onClose}
      destroyOnHidden
      onOk={() => void form.validateFields().then(({ name }) => file && start.mutate({ name: name.trim(), file }))}
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="name"
          label={t('analysis.datasets.name')}
          rules={[{ required: true, whitespace: true, message: t('analysis.datasets.nameRequired') }, { max: 100 }]}
        >
          <Input maxLength={100} />
        </Form.Item>
      </Form>
      <Upload.Dragger
        className="analysis-dropzone"
        accept=".xlsx,.csv"
        multiple={false}
        showUploadList={false}
        beforeUpload={(f) => {
          setFile(f);
          if (!form.getFieldValue('name')) form.setFieldValue('name', f.name.replace(/\.(xlsx|csv)$/i, ''));
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{file ? file.name : t('analysis.datasets.drop')}</p>
        <p className="ant-upload-hint">{t('analysis.datasets.dropHint')}</p>
      </Upload.Dragger>
      {tooBig && <Alert type="error" showIcon title={t('analysis.datasets.tooBig')} />}
      {start.isPending && <p>{t('analysis.datasets.sending', { percent: sent })}</p>}
      {start.isError && <Alert type="error" showIcon title={describeError(start.error)} />}
    </Modal>
  );
}
