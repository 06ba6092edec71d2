import { useState } from 'react';
import { Button } from 'antd';
import { TableOutlined, UploadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { endpoints, type Dataset } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { useFormat } from '../../../app/use-format.ts';
import { useHeldTasks } from '../../../app/session.ts';
import { ListPage, ListTable, ListToolbar, useListState } from '../../../app/components/list/index.ts';
import { ImportRuns } from './ImportRuns.tsx';
import { NewDatasetDialog } from './NewDatasetDialog.tsx';
import { GoogleSheetButton } from './sources/GoogleSheetDialog.tsx';
import { UploadDialog } from './UploadDialog.tsx';
import { saveTrackedImports, trackedImports, type TrackedImport } from './import-runs.ts';
import '../analysis.css';
import { queryKeyOf } from '../../../api/query-keys.ts';

/** Analysis › Database manager: the datasets, and new ones uploaded from xlsx, csv or PDF and followed while imported. */
export default function DatabaseManagerPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const queries = useQueryClient();
  const canAdd = useHeldTasks().includes('addManageDatabaseAiAnalytics');
  const list = useListState<Dataset>();
  const [runs, setRuns] = useState<TrackedImport[]>(trackedImports);
  const [uploading, setUploading] = useState(false);
  const [creating, setCreating] = useState(false);
  const datasets = useQuery({
    queryKey: queryKeyOf(endpoints.listDatasets, list.query.page, list.query.limit, list.query.keyword),
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
        onDone={() => void queries.invalidateQueries({ queryKey: queryKeyOf(endpoints.listDatasets) })}
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
          { title: t('analysis.datasets.rows'), key: 'rows', align: 'right', render: (_: unknown, d: Dataset) => f.number(d.rowCount) },
          { title: t('analysis.datasets.columns'), key: 'columns', align: 'right', render: (_: unknown, d: Dataset) => f.number(d.columns.length) },
          { title: t('analysis.datasets.refreshedAt'), key: 'refreshedAt', render: (_: unknown, d: Dataset) => f.dateTime(d.refreshedAt) },
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
