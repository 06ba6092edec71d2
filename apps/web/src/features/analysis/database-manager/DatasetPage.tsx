import { Button, Table, Tag } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { endpoints } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { formatNumber } from '../../../app/format.ts';
import { useRouteParams } from '../../../app/route-params.ts';
import { ListPage, ListTable, useListState } from '../../../app/components/list/index.ts';
import { formatCell, isNumeric } from '../analysis-format.ts';
import '../analysis.css';

type Row = { at: number; cells: (string | number | null)[] };

/** Analysis › Database manager › one dataset: its columns with their types, and its rows a page at a time. */
export default function DatasetPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useRouteParams();
  const list = useListState<Row>();
  const dataset = useQuery({
    queryKey: ['analysis', 'dataset', id],
    queryFn: ({ signal }) => call(endpoints.getDataset, { params: { datasetId: id }, signal }),
  });
  const rows = useQuery({
    queryKey: ['analysis', 'dataset', id, 'rows', list.query.page, list.query.limit],
    queryFn: ({ signal }) => call(endpoints.listDatasetRows, { params: { datasetId: id }, query: { page: list.query.page, limit: list.query.limit }, signal }),
    placeholderData: keepPreviousData,
  });
  const columns = rows.data?.columns ?? dataset.data?.columns ?? [];
  const first = (list.query.page - 1) * list.query.limit;
  const data = rows.data && { total: rows.data.total, items: rows.data.items.map((cells, i) => ({ at: first + i + 1, cells })) };
  const d = dataset.data;
  return (
    <ListPage
      title={d ? `${t('analysis.title.dataset')}: ${d.name}` : t('analysis.title.dataset')}
      subtitle={d ? t('analysis.dataset.summary', { rows: formatNumber(d.rowCount), columns: formatNumber(d.columns.length) }) : undefined}
      actions={
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/analysis/database-manager')}>
          {t('analysis.dataset.back')}
        </Button>
      }
    >
      <h2 className="analysis-dataset__heading">{t('analysis.dataset.columns')}</h2>
      <Table
        className="analysis-dataset__columns"
        size="small"
        rowKey="key"
        loading={dataset.isLoading}
        dataSource={d?.columns ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('analysis.dataset.column'), dataIndex: 'label' },
          {
            title: t('analysis.dataset.type'),
            dataIndex: 'type',
            render: (type: keyof typeof TYPE_COLOURS) => <Tag color={TYPE_COLOURS[type]}>{t(`analysis.type.${type}`)}</Tag>,
          },
        ]}
      />
      <h2 className="analysis-dataset__heading">{t('analysis.dataset.rows')}</h2>
      <ListTable
        state={list}
        rowKey={(r) => String(r.at)}
        data={data}
        loading={rows.isFetching}
        failed={rows.isError}
        onRetry={() => void rows.refetch()}
        emptyText={t('analysis.dataset.empty')}
        scrollX={Math.max(600, columns.length * 140)}
        columns={[
          { title: '#', key: 'at', width: 70, render: (_: unknown, r: Row) => formatNumber(r.at) },
          ...columns.map((c, i) => ({
            title: c.label,
            key: c.key,
            align: isNumeric(c.type) ? ('right' as const) : undefined,
            render: (_: unknown, r: Row) => formatCell(r.cells[i] ?? null, c.type),
          })),
        ]}
      />
    </ListPage>
  );
}

const TYPE_COLOURS = { number: 'blue', money: 'green', percent: 'purple', date: 'orange', text: 'default' } as const;
