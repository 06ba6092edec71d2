import { useState } from 'react';
import { Button, Form, Input, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CANNED_REPLY_CODE_PATTERN, endpoints, hasAnyTask, type CannedReply, type CannedReplyInput } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { queryKeyOf, resourceKeyOf } from '../../../api/query-keys.ts';
import { describeError, toast } from '../../../app/feedback.tsx';
import { ConfirmDeleteButton } from '../../../app/components/ConfirmDeleteButton.tsx';
import { FormDrawer } from '../../../app/components/FormDrawer.tsx';
import { PageHeading } from '../../../app/components/PageHeading.tsx';
import { useHeldTasks } from '../../../app/session.ts';

const LIST_KEY = resourceKeyOf(endpoints.listCannedReplies);

/** Service › Canned replies: the texts agents insert with `/code` in the inbox's reply box (issue 24). */
export default function CannedRepliesPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mayEdit = hasAnyTask(useHeldTasks(), ['editCannedReply']);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ page: 1, limit: 25 });
  const [editing, setEditing] = useState<CannedReply | 'new'>();
  const list = useQuery({
    queryKey: queryKeyOf(endpoints.listCannedReplies, keyword, page.page, page.limit),
    queryFn: ({ signal }) => call(endpoints.listCannedReplies, { query: { keyword: keyword || undefined, ...page }, signal }),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (r: CannedReply) => call(endpoints.deleteCannedReply, { params: { id: r.id } }),
    onSuccess: (_res, r) => {
      toast.success(t('cannedReplies.deleted', { code: r.code }));
      void queryClient.invalidateQueries({ queryKey: LIST_KEY });
    },
    onError: (err) => toast.error(describeError(err)),
    meta: { silent: true },
  });
  return (
    <div>
      <PageHeading title={t('cannedReplies.title')} subtitle={t('cannedReplies.description')}>
        {mayEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('cannedReplies.add')}
          </Button>
        )}
      </PageHeading>
      <div className="page-card" style={{ padding: 16 }}>
        <Input.Search
          allowClear
          aria-label={t('cannedReplies.search')}
          placeholder={t('cannedReplies.search')}
          style={{ maxWidth: 360, marginBottom: 12 }}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage((p) => ({ ...p, page: 1 }));
          }}
        />
        <Table<CannedReply>
          rowKey="id"
          size="small"
          scroll={{ x: 720 }}
          loading={list.isLoading}
          dataSource={list.data?.items ?? []}
          locale={{ emptyText: t('cannedReplies.empty') }}
          pagination={{
            current: page.page,
            pageSize: page.limit,
            total: list.data?.total ?? 0,
            pageSizeOptions: [5, 25, 50, 100],
            onChange: (p, limit) => setPage({ page: p, limit }),
          }}
          columns={[
            { title: t('cannedReplies.code'), dataIndex: 'code', width: 200, render: (c: string) => <Typography.Text code>/{c}</Typography.Text> },
            { title: t('cannedReplies.replyTitle'), dataIndex: 'title', width: 200 },
            { title: t('cannedReplies.text'), dataIndex: 'text', ellipsis: true },
            { title: t('cannedReplies.client'), dataIndex: 'clientCode', width: 130, render: (c: string | null) => c ?? t('cannedReplies.allClients') },
            {
              title: t('cannedReplies.active'),
              dataIndex: 'active',
              width: 90,
              render: (a: boolean) => <Tag color={a ? 'green' : 'default'}>{a ? t('crud.active') : t('crud.inactive')}</Tag>,
            },
            ...(mayEdit
              ? [
                  {
                    key: 'actions',
                    width: 96,
                    render: (_: unknown, r: CannedReply) => (
                      <Space size={0}>
                        <Button
                          type="text"
                          size="small"
                          icon={<EditOutlined />}
                          aria-label={`${t('cannedReplies.edit')} /${r.code}`}
                          onClick={() => setEditing(r)}
                        />
                        <ConfirmDeleteButton
                          size="small"
                          title={t('cannedReplies.deleteTitle', { code: r.code })}
                          description={t('cannedReplies.deleteDescription')}
                          okText={t('cannedReplies.delete')}
                          label={t('cannedReplies.deleteLabel', { code: r.code })}
                          onConfirm={() => remove.mutateAsync(r)}
                        />
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </div>
      {editing && <CannedReplyForm reply={editing === 'new' ? undefined : editing} onClose={() => setEditing(undefined)} />}
    </div>
  );
}

function CannedReplyForm({ reply, onClose }: { reply?: CannedReply; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<CannedReplyInput>();
  const clients = useQuery({
    queryKey: queryKeyOf(endpoints.listServiceClients, 'picker'),
    queryFn: ({ signal }) => call(endpoints.listServiceClients, { query: { page: 1, limit: 100 }, signal }),
    meta: { silent: true },
  });
  const save = useMutation({
    mutationFn: (body: CannedReplyInput) =>
      reply ? call(endpoints.updateCannedReply, { params: { id: reply.id }, body }) : call(endpoints.createCannedReply, { body }),
    onSuccess: (r) => {
      toast.success(t('cannedReplies.saved', { code: r.code }));
      void queryClient.invalidateQueries({ queryKey: LIST_KEY });
      onClose();
    },
    onError: (err) => toast.error(describeError(err)),
    meta: { silent: true },
  });
  return (
    <FormDrawer
      title={reply ? t('cannedReplies.edit') : t('cannedReplies.add')}
      onClose={onClose}
      maskClosable={false}
      save={{ label: t('crud.save'), pending: save.isPending, onSave: () => void form.validateFields().then((v) => save.mutate(v)) }}
    >
      <Form<CannedReplyInput>
        form={form}
        layout="vertical"
        initialValues={reply ? { ...reply } : { clientCode: null, active: true }}
        onFinish={(v) => save.mutate(v)}
      >
        <Form.Item
          name="code"
          label={t('cannedReplies.code')}
          extra={t('cannedReplies.codeHelp')}
          rules={[{ required: true, max: 30, pattern: CANNED_REPLY_CODE_PATTERN }]}
        >
          <Input prefix="/" maxLength={30} autoFocus />
        </Form.Item>
        <Form.Item name="title" label={t('cannedReplies.replyTitle')} rules={[{ required: true, whitespace: true, max: 100 }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="text" label={t('cannedReplies.text')} rules={[{ required: true, whitespace: true, max: 4000 }]}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} maxLength={4000} showCount />
        </Form.Item>
        <Form.Item name="clientCode" label={t('cannedReplies.client')}>
          <Select
            loading={clients.isLoading}
            options={[
              { value: null, label: t('cannedReplies.allClients') },
              ...(clients.data?.items ?? []).map((c) => ({ value: c.code, label: `${c.code} — ${c.name}` })),
            ]}
          />
        </Form.Item>
        <Form.Item name="active" label={t('cannedReplies.active')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
