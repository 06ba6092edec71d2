import { Button, Form, Input, Space, Table, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { endpoints, type ServiceDataset } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { ServiceImportButton } from '../service-import.tsx';
import { areaOf, invalidateArea, queryKeyOf } from '../../../api/query-keys.ts';

/** The wizard's dataset items: typed in one by one, or imported from xlsx; the newest page is shown. */
export function DatasetItems({ dataset }: { dataset: ServiceDataset }) {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const [form] = Form.useForm<Record<string, string>>();
  const key = queryKeyOf(endpoints.listDatasetItems, dataset.datasetId, 'wizard');
  const items = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => call(endpoints.listDatasetItems, { params: { datasetId: dataset.datasetId }, query: { page: 1, limit: 25 }, signal }),
  });
  const refresh = () => void invalidateArea(queries, areaOf(endpoints.listDatasetItems));
  const add = useMutation({
    mutationFn: (values: Record<string, string>) => call(endpoints.createDatasetItem, { params: { datasetId: dataset.datasetId }, body: { values } }),
    onSuccess: () => {
      form.resetFields();
      refresh();
    },
  });
  return (
    <div className="service-detail">
      <Space wrap>
        <Typography.Text strong>{dataset.name}</Typography.Text>
        <Typography.Text type="secondary">{t('service.item.description', { client: dataset.clientCode, count: items.data?.total ?? 0 })}</Typography.Text>
        <ServiceImportButton endpoint={endpoints.importDatasetItems} params={{ datasetId: dataset.datasetId }} onImported={refresh} />
      </Space>
      <Form form={form} layout="inline" onFinish={(v) => add.mutate(Object.fromEntries(Object.entries(v).map(([k, x]) => [k, x ?? ''])))}>
        {dataset.attributes.map((a) => (
          <Form.Item key={a.name} name={a.name}>
            <Input placeholder={a.name} aria-label={a.name} />
          </Form.Item>
        ))}
        <Button htmlType="submit" icon={<PlusOutlined />} loading={add.isPending}>
          {t('service.item.add')}
        </Button>
      </Form>
      <Table
        size="small"
        rowKey="itemId"
        pagination={false}
        dataSource={items.data?.items ?? []}
        scroll={{ x: 480 }}
        columns={dataset.attributes.map((a) => ({
          title: a.name,
          key: a.name,
          render: (_: unknown, row: { values: Record<string, string | null> }) => row.values[a.name] ?? '',
        }))}
      />
    </div>
  );
}
