import { Button, Descriptions, Tag } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { endpoints } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { useFormat } from '../../../app/use-format.ts';
import { useRouteParams } from '../../../app/route-params.ts';
import { useHeldTasks } from '../../../app/session.ts';
import { ListPage } from '../../../app/components/list/index.ts';
import { ColumnsPanel } from './dataset/ColumnsPanel.tsx';
import { RowsGrid } from './dataset/RowsGrid.tsx';
import { DatasetSourcesPanel } from './sources/DatasetSourcesPanel.tsx';
import '../analysis.css';
import { queryKeyOf } from '../../../api/query-keys.ts';

/**
 * Analysis › Database manager › one dataset: where its rows come from, how many and when last refreshed; its columns
 * (renamed or retyped by who may edit); its rows searched, sorted, exported, and added, edited or deleted in place.
 */
export default function DatasetPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const navigate = useNavigate();
  const { id = '' } = useRouteParams();
  const canEdit = useHeldTasks().includes('editManageDatabaseAiAnalytics');
  const dataset = useQuery({
    queryKey: queryKeyOf(endpoints.getDataset, id),
    queryFn: ({ signal }) => call(endpoints.getDataset, { params: { datasetId: id }, signal }),
  });
  const d = dataset.data;
  return (
    <ListPage
      title={d ? `${t('analysis.title.dataset')}: ${d.name}` : t('analysis.title.dataset')}
      actions={
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/analysis/database-manager')}>
          {t('analysis.dataset.back')}
        </Button>
      }
    >
      {d && (
        <Descriptions
          className="analysis-dataset__summary"
          size="small"
          column={{ xs: 1, sm: 3 }}
          items={[
            { key: 'source', label: t('analysisDataset.header.source'), children: <Tag>{t(`analysisDataset.source.${d.source}`)}</Tag> },
            { key: 'rows', label: t('analysisDataset.header.rows'), children: f.number(d.rowCount) },
            { key: 'refreshedAt', label: t('analysisDataset.header.refreshedAt'), children: f.dateTime(d.refreshedAt) },
          ]}
        />
      )}
      {d && <DatasetSourcesPanel dataset={d} canEdit={canEdit} />}
      <ColumnsPanel dataset={d} loading={dataset.isLoading} canEdit={canEdit} />
      {d && <RowsGrid key={d.columns.map((c) => `${c.key}:${c.type}`).join()} dataset={d} canEdit={canEdit} />}
    </ListPage>
  );
}
