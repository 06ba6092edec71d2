import { ConfirmDeleteButton } from '../../../app/components/ConfirmDeleteButton.tsx';
import { useEffect, useState } from 'react';
import { Button, Form, Input, Modal, Space } from 'antd';
import { ArrowLeftOutlined, DownloadOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { endpoints, type DatasetItem, type ServiceDataset } from '@nusa/contracts';
import { call, callFile, saveBlob } from '../../../api/call.ts';
import { reportError, toast } from '../../../app/feedback.tsx';
import { ListPage, ListTable, ListToolbar, useListState } from '../../../app/components/list/index.ts';
import { useRouteParams } from '../../../app/route-params.ts';
import { ServiceImportButton } from '../service-import.tsx';
import '../service.css';
import { queryKeyOf } from '../../../api/query-keys.ts';

type Values = Record<string, string>;

/** Service › Dataset › one dataset: its items by attribute; add, change, delete, search, import and export xlsx. */
export default function DatasetDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queries = useQueryClient();
  const { datasetId = '' } = useRouteParams();
  const list = useListState<DatasetItem>();
  const [editing, setEditing] = useState<{ row?: DatasetItem } | null>(null);
  const dataset = useQuery({
    queryKey: queryKeyOf(endpoints.getServiceDataset, datasetId),
    queryFn: ({ signal }) => call(endpoints.getServiceDataset, { params: { datasetId }, signal }),
  });
  const items = useQuery({
    queryKey: queryKeyOf(endpoints.listDatasetItems, datasetId, list.query.page, list.query.limit, list.query.keyword),
    queryFn: ({ signal }) =>
      call(endpoints.listDatasetItems, {
        params: { datasetId },
        query: { page: list.query.page, limit: list.query.limit, keyword: list.query.keyword },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  const refresh = () =>
    Promise.all([
      queries.invalidateQueries({ queryKey: queryKeyOf(endpoints.getServiceDataset, datasetId) }),
      queries.invalidateQueries({ queryKey: queryKeyOf(endpoints.listDatasetItems, datasetId) }),
    ]);
  const save = useMutation({
    mutationFn: (values: Values) =>
      editing?.row
        ? call(endpoints.updateDatasetItem, { params: { datasetId, itemId: editing.row.itemId }, body: { values } })
        : call(endpoints.createDatasetItem, { params: { datasetId }, body: { values } }),
    onSuccess: () => {
      toast.success(t('service.item.saved'));
      setEditing(null);
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (row: DatasetItem) => call(endpoints.deleteDatasetItem, { params: { datasetId, itemId: row.itemId } }),
    onSuccess: () => {
      toast.success(t('service.item.deleted'));
      void refresh();
    },
  });
  const exportXlsx = () =>
    callFile(endpoints.exportDatasetItems, { params: { datasetId }, query: { keyword: list.query.keyword } })
      .then((blob) => saveBlob(blob, `${dataset.data?.name ?? 'dataset'}.xlsx`))
      .catch(reportError);
  const attributes = dataset.data?.attributes ?? [];
  return (
    <ListPage
      title={dataset.data ? `${t('service.title.datasetDetail')}: ${dataset.data.name}` : t('service.title.datasetDetail')}
      subtitle={dataset.data ? t('service.item.description', { client: dataset.data.clientCode, count: dataset.data.itemCount }) : undefined}
      actions={
        <>
          <Button
            icon={<ArrowLeftOutlined />}
            onClick={() => navigate(`/service/dataset${dataset.data ? `?client=${encodeURIComponent(dataset.data.clientCode)}` : ''}`)}
          >
            {t('service.back')}
          </Button>
          <ServiceImportButton endpoint={endpoints.importDatasetItems} params={{ datasetId }} onImported={() => void refresh()} />
          <Button icon={<DownloadOutlined />} onClick={() => void exportXlsx()}>
            {t('service.export')}
          </Button>
          <Button type="primary" icon={<PlusOutlined />} disabled={!dataset.data} onClick={() => setEditing({})}>
            {t('service.item.add')}
          </Button>
        </>
      }
    >
      <ListToolbar keyword={list.keyword} onKeyword={list.setKeyword} searchPlaceholder={t('service.item.search')} />
      <ListTable
        state={list}
        rowKey={(i) => i.itemId}
        data={items.data}
        loading={items.isFetching}
        failed={items.isError}
        onRetry={() => void items.refetch()}
        emptyText={t('service.item.empty')}
        onOpen={(row) => setEditing({ row })}
        columns={[
          ...attributes.map((a) => ({
            title: `${a.name} (${a.type})`,
            key: `v:${a.name}`,
            render: (_: unknown, row: DatasetItem) => row.values[a.name] ?? '',
          })),
          {
            title: t('service.actions'),
            key: 'actions',
            width: 100,
            render: (_: unknown, row: DatasetItem) => (
              <Space size={2}>
                <Button type="text" icon={<EditOutlined />} aria-label={t('service.item.edit')} onClick={() => setEditing({ row })} />
                <ConfirmDeleteButton
                  title={t('service.item.deleteConfirm')}
                  okText={t('service.delete')}
                  label={t('service.item.delete')}
                  onConfirm={() => remove.mutateAsync(row)}
                />
              </Space>
            ),
          },
        ]}
      />
      {dataset.data && (
        <ItemForm
          dataset={dataset.data}
          row={editing?.row}
          open={editing !== null}
          saving={save.isPending}
          onSave={(v) => save.mutate(v)}
          onClose={() => setEditing(null)}
        />
      )}
    </ListPage>
  );
}

/** An item's values, one field per attribute; a NUMBER field takes a decimal number. */
function ItemForm({
  dataset,
  row,
  open,
  saving,
  onSave,
  onClose,
}: {
  dataset: ServiceDataset;
  row?: DatasetItem;
  open: boolean;
  saving: boolean;
  onSave: (v: Values) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    if (open) form.setFieldsValue(Object.fromEntries(dataset.attributes.map((a) => [a.name, row?.values[a.name] ?? ''])));
  }, [open, row, dataset, form]);
  return (
    <Modal
      open={open}
      title={row ? t('service.item.edit') : t('service.item.add')}
      okText={t('service.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onCancel={onClose}
      onOk={() => void form.validateFields().then(onSave)}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        {dataset.attributes.map((a) => (
          <Form.Item
            key={a.name}
            name={a.name}
            label={`${a.name} (${a.type})`}
            rules={a.type === 'NUMBER' ? [{ pattern: /^-?\d+(\.\d+)?$/, message: t('service.item.number') }] : []}
          >
            {a.type === 'NUMBER' ? <Input inputMode="decimal" /> : <Input.TextArea autoSize={{ minRows: 1, maxRows: 6 }} />}
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
