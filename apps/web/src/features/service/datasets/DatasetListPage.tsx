import { ConfirmDeleteButton } from '../../../app/components/ConfirmDeleteButton.tsx';
import { useState } from 'react';
import { Button, Space, Tag } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { endpoints, type ServiceDataset, type ServiceDatasetInput } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { toast } from '../../../app/feedback.tsx';
import { ListPage, ListTable, ListToolbar, useListState } from '../../../app/components/list/index.ts';
import { ChooseClient } from '../clients/ChooseClient.tsx';
import { ClientPicker } from '../clients/ClientPicker.tsx';
import { DatasetForm } from './DatasetForm.tsx';
import { useClientCode } from '../use-client-code.ts';
import '../service.css';
import { queryKeyOf } from '../../../api/query-keys.ts';

/** Service › Dataset: a client's datasets (what its bot answers from); a row opens its items. */
export default function DatasetListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queries = useQueryClient();
  const [clientCode, setClientCode] = useClientCode();
  const list = useListState<ServiceDataset>();
  const [editing, setEditing] = useState<{ row?: ServiceDataset } | null>(null);
  const datasets = useQuery({
    queryKey: queryKeyOf(endpoints.listServiceDatasets, clientCode, list.query.page, list.query.limit, list.query.keyword),
    queryFn: ({ signal }) =>
      call(endpoints.listServiceDatasets, {
        params: { clientCode: clientCode! },
        query: { page: list.query.page, limit: list.query.limit, keyword: list.query.keyword },
        signal,
      }),
    enabled: Boolean(clientCode),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queries.invalidateQueries({ queryKey: queryKeyOf(endpoints.listServiceDatasets) });
  const save = useMutation({
    mutationFn: (input: ServiceDatasetInput) =>
      editing?.row
        ? call(endpoints.updateServiceDataset, { params: { datasetId: editing.row.datasetId }, body: input })
        : call(endpoints.createServiceDataset, { params: { clientCode: clientCode! }, body: input }),
    onSuccess: (d) => {
      toast.success(t('service.saved', { name: d.name }));
      setEditing(null);
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (row: ServiceDataset) => call(endpoints.deleteServiceDataset, { params: { datasetId: row.datasetId } }),
    onSuccess: (_d, row) => {
      toast.success(t('service.deleted', { name: row.name }));
      void refresh();
    },
  });
  const open = (row: ServiceDataset) => navigate(`/service/dataset/${row.datasetId}`);
  return (
    <ListPage
      title={t('service.title.dataset')}
      subtitle={t('service.dataset.description')}
      actions={
        <>
          <ClientPicker value={clientCode} onChange={setClientCode} />
          <Button type="primary" icon={<PlusOutlined />} disabled={!clientCode} onClick={() => setEditing({})}>
            {t('service.dataset.add')}
          </Button>
        </>
      }
    >
      {clientCode ? (
        <>
          <ListToolbar keyword={list.keyword} onKeyword={list.setKeyword} searchPlaceholder={t('service.dataset.search')} />
          <ListTable
            state={list}
            rowKey={(d) => d.datasetId}
            data={datasets.data}
            loading={datasets.isFetching}
            failed={datasets.isError}
            onRetry={() => void datasets.refetch()}
            emptyText={t('service.dataset.empty')}
            onOpen={open}
            columns={[
              { title: t('service.dataset.name'), dataIndex: 'name', render: (name: string, row) => <a onClick={() => open(row)}>{name}</a> },
              {
                title: t('service.dataset.attributes'),
                key: 'attributes',
                render: (_: unknown, row) => (
                  <Space size={[4, 4]} wrap>
                    {row.attributes.map((a) => (
                      <Tag key={a.name}>
                        {a.name} · {a.type}
                      </Tag>
                    ))}
                  </Space>
                ),
              },
              { title: t('service.dataset.items'), dataIndex: 'itemCount', width: 100 },
              {
                title: t('service.actions'),
                key: 'actions',
                width: 100,
                render: (_: unknown, row) => (
                  <Space size={2}>
                    <Button type="text" icon={<EditOutlined />} aria-label={t('service.editOf', { name: row.name })} onClick={() => setEditing({ row })} />
                    <ConfirmDeleteButton
                      title={t('service.deleteConfirm', { name: row.name })}
                      okText={t('service.delete')}
                      label={t('service.deleteOf', { name: row.name })}
                      onConfirm={() => remove.mutateAsync(row)}
                    />
                  </Space>
                ),
              },
            ]}
          />
        </>
      ) : (
        <ChooseClient text={t('service.dataset.chooseClient')} />
      )}
      <DatasetForm
        open={editing !== null}
        initial={editing?.row ? { name: editing.row.name, attributes: editing.row.attributes } : undefined}
        saving={save.isPending}
        onSave={(input) => save.mutate(input)}
        onClose={() => setEditing(null)}
      />
    </ListPage>
  );
}
