import { useState } from 'react';
import { Alert, Button, Card, Modal, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { KeyOutlined, ReloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { endpoints, type Dataset, type DatasetApiKey, type NewDatasetApiKey } from '@nusa/contracts';
import { call } from '../../../../api/call.ts';
import { describeError } from '../../../../app/feedback.tsx';
import { currentTenant } from '../../../../app/session.ts';
import { useFormat } from '../../../../app/use-format.ts';
import { ImportRuns } from '../ImportRuns.tsx';
import type { TrackedImport } from '../import-runs.ts';
import './sources.css';
import { areaOf, queryKeyOf, resourceOf } from '../../../../api/query-keys.ts';

/** A curl that posts one row of the dataset's columns: its first row's values, or placeholders of each column's type. */
function curlExample(dataset: Dataset, key: string, firstRow?: (string | number | null)[]) {
  const placeholder = (type: Dataset['columns'][number]['type']) =>
    type === 'date' ? '2026-03-31' : type === 'text' ? '…' : type === 'percent' ? '12,5%' : 150000;
  const sample = Object.fromEntries(dataset.columns.map((c, i) => [c.label, firstRow?.[i] ?? placeholder(c.type)]));
  const url = `${window.location.origin}/api/v1/analysis/datasets/${dataset.datasetId}/api-rows`;
  return [
    `curl -X POST '${url}' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -H 'X-Tenant: ${currentTenant()}' \\`,
    `  -H 'X-Api-Key: ${key}' \\`,
    `  -H 'Idempotency-Key: order-2026-0001' \\`,
    `  -d '${JSON.stringify({ rows: [sample] })}'`,
  ].join('\n');
}

/**
 * A dataset's sources on its page: the Google Sheet it came from (imported again, replacing the rows), and the API
 * keys an application posts rows with (made, rotated, revoked; a new key shown once) with a copyable example.
 */
export function DatasetSourcesPanel({ dataset, canEdit }: { dataset: Dataset; canEdit: boolean }) {
  const { t } = useTranslation();
  const f = useFormat();
  const queries = useQueryClient();
  const [runs, setRuns] = useState<TrackedImport[]>([]);
  const [shown, setShown] = useState<NewDatasetApiKey | null>(null);
  const sourcesKey = queryKeyOf(endpoints.getDatasetSources, dataset.datasetId);
  const firstRowKey = queryKeyOf(endpoints.listDatasetRows, dataset.datasetId, 'first-row');
  const sources = useQuery({
    queryKey: sourcesKey,
    queryFn: ({ signal }) => call(endpoints.getDatasetSources, { params: { datasetId: dataset.datasetId }, signal }),
  });
  const firstRow = useQuery({
    queryKey: firstRowKey,
    queryFn: ({ signal }) => call(endpoints.listDatasetRows, { params: { datasetId: dataset.datasetId }, query: { page: 1, limit: 5 }, signal }),
    select: (rows) => rows.items[0],
  }).data;
  const changed = () => {
    void queries.invalidateQueries({ queryKey: sourcesKey });
    void queries.invalidateQueries({ queryKey: firstRowKey });
  };
  const refresh = useMutation({
    mutationFn: () => call(endpoints.refreshGoogleSheet, { params: { datasetId: dataset.datasetId } }),
    onSuccess: (run) => setRuns([{ importId: run.importId, name: t('analysisSources.panel.refreshName', { name: dataset.name }) }]),
  });
  const create = useMutation({
    mutationFn: () => call(endpoints.createDatasetApiKey, { params: { datasetId: dataset.datasetId } }),
    onSuccess: (key) => {
      setShown(key);
      changed();
    },
  });
  const rotate = useMutation({
    mutationFn: (keyId: string) => call(endpoints.rotateDatasetApiKey, { params: { datasetId: dataset.datasetId, keyId } }),
    onSuccess: (key) => {
      setShown(key);
      changed();
    },
  });
  const revoke = useMutation({
    mutationFn: (keyId: string) => call(endpoints.revokeDatasetApiKey, { params: { datasetId: dataset.datasetId, keyId } }),
    onSuccess: changed,
  });
  const sheet = sources.data?.googleSheet;
  const keys = sources.data?.apiKeys ?? [];
  return (
    <>
      {sheet && (
        <Card size="small" className="section-card analysis-sources" title={t('analysisSources.panel.sheet')}>
          <Space wrap>
            <Typography.Link href={sheet.url} target="_blank" rel="noreferrer">
              {sheet.title} · {sheet.sheetTitle}
            </Typography.Link>
            {canEdit && (
              <Popconfirm title={t('analysisSources.panel.refreshConfirm')} styles={{ root: { maxWidth: 380 } }} onConfirm={() => refresh.mutate()}>
                <Button icon={<ReloadOutlined />} loading={refresh.isPending}>
                  {t('analysisSources.panel.refresh')}
                </Button>
              </Popconfirm>
            )}
          </Space>
          <ImportRuns
            runs={runs}
            onDismiss={() => setRuns([])}
            // The dataset, its rows and graphs read again; not the import runs' own polls.
            onDone={() =>
              void queries.invalidateQueries({
                queryKey: [areaOf(endpoints.getAnalysisImport)],
                predicate: (q) => q.queryKey[1] !== resourceOf(endpoints.getAnalysisImport),
              })
            }
          />
        </Card>
      )}
      <Card
        size="small"
        className="section-card analysis-sources"
        title={t('analysisSources.api.title')}
        extra={
          canEdit && (
            <Button icon={<KeyOutlined />} loading={create.isPending} onClick={() => create.mutate()}>
              {t('analysisSources.api.create')}
            </Button>
          )
        }
      >
        <Typography.Paragraph type="secondary">{t('analysisSources.api.intro')}</Typography.Paragraph>
        <Table<DatasetApiKey>
          size="small"
          rowKey="keyId"
          loading={sources.isLoading}
          dataSource={keys}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('analysisSources.api.none') }}
          columns={[
            { title: t('analysisSources.api.prefix'), key: 'prefix', render: (_, k) => <Typography.Text code>{k.prefix}</Typography.Text> },
            { title: t('analysisSources.api.createdAt'), key: 'createdAt', render: (_, k) => f.dateTime(k.createdAt) },
            {
              title: t('analysisSources.api.lastUsedAt'),
              key: 'lastUsedAt',
              render: (_, k) => (k.lastUsedAt ? f.dateTime(k.lastUsedAt) : t('analysisSources.api.never')),
            },
            {
              title: t('analysisSources.api.status'),
              key: 'status',
              render: (_, k) => (k.revokedAt ? <Tag>{t('analysisSources.api.revoked')}</Tag> : <Tag color="green">{t('analysisSources.api.active')}</Tag>),
            },
            ...(canEdit
              ? [
                  {
                    key: 'actions',
                    render: (_: unknown, k: DatasetApiKey) =>
                      !k.revokedAt && (
                        <Space>
                          <Popconfirm title={t('analysisSources.api.rotateConfirm')} onConfirm={() => rotate.mutate(k.keyId)}>
                            <Button size="small">{t('analysisSources.api.rotate')}</Button>
                          </Popconfirm>
                          <Popconfirm title={t('analysisSources.api.revokeConfirm')} onConfirm={() => revoke.mutate(k.keyId)}>
                            <Button size="small" danger>
                              {t('analysisSources.api.revoke')}
                            </Button>
                          </Popconfirm>
                        </Space>
                      ),
                  },
                ]
              : []),
          ]}
        />
        <Typography.Title level={5} className="analysis-sources__example-title">
          {t('analysisSources.api.example')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('analysisSources.api.exampleNote')}</Typography.Paragraph>
        <Typography.Paragraph copyable={{ text: curlExample(dataset, '<API key>', firstRow) }}>
          <pre className="analysis-sources__curl">{curlExample(dataset, '<API key>', firstRow)}</pre>
        </Typography.Paragraph>
        {[create, rotate, revoke].map((m, i) => m.isError && <Alert key={i} type="error" showIcon title={describeError(m.error)} />)}
      </Card>
      <Modal
        open={shown !== null}
        title={t('analysisSources.api.newKeyTitle')}
        onCancel={() => setShown(null)}
        onOk={() => setShown(null)}
        cancelButtonProps={{ style: { display: 'none' } }}
        width={720}
      >
        <Alert type="warning" showIcon title={t('analysisSources.api.newKeyNote')} />
        <Typography.Paragraph className="analysis-sources__key" copyable code data-testid="new-api-key">
          {shown?.key}
        </Typography.Paragraph>
        {shown && (
          <Typography.Paragraph copyable={{ text: curlExample(dataset, shown.key, firstRow) }}>
            <pre className="analysis-sources__curl">{curlExample(dataset, shown.key, firstRow)}</pre>
          </Typography.Paragraph>
        )}
      </Modal>
    </>
  );
}
