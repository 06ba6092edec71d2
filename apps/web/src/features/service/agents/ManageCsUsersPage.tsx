import { useState } from 'react';
import { Button, Input, InputNumber, Space, Switch, Table, Tag } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { endpoints, hasAnyTask, type ServiceAgent } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { describeError, toast } from '../../../app/feedback.tsx';
import { PageHeading } from '../../../app/components/PageHeading.tsx';
import { useHeldTasks } from '../../../app/session.ts';
import { ClientPicker } from '../clients/ClientPicker.tsx';
import { SERVICE_AGENTS_KEY } from './ClientAgents.tsx';
import { queryKeyOf } from '../../../api/query-keys.ts';

const STATUS_COLOUR = { online: 'green', away: 'orange', offline: 'default' } as const;

/** Service › Manage CS users: the agents of each client, their presence, limits, and who may take conversations. */
export default function ManageCsUsersPage() {
  const { t } = useTranslation();
  const tasks = useHeldTasks();
  const queryClient = useQueryClient();
  const [clientCode, setClientCode] = useState<string>();
  const [username, setUsername] = useState('');
  const mayAdd = hasAnyTask(tasks, ['addManageCSUser']);
  const mayEdit = hasAnyTask(tasks, ['editManageCSUser']);
  const agents = useQuery({
    queryKey: queryKeyOf(endpoints.listServiceAgents, clientCode),
    queryFn: ({ signal }) => call(endpoints.listServiceAgents, { query: { clientCode }, signal }),
  });
  const done = () => void queryClient.invalidateQueries({ queryKey: SERVICE_AGENTS_KEY });
  const add = useMutation({
    mutationFn: () => call(endpoints.addServiceAgent, { params: { clientCode: clientCode! }, body: { username: username.trim() } }),
    onSuccess: (a) => {
      toast.success(t('serviceInbox.agents.added', { name: a.fullName || a.username }));
      setUsername('');
      done();
    },
    onError: (err) => toast.error(describeError(err)),
    meta: { silent: true },
  });
  const update = useMutation({
    mutationFn: (v: { agent: ServiceAgent; maxConcurrentChats?: number | null; active?: boolean }) =>
      call(endpoints.updateServiceAgent, {
        params: { clientCode: v.agent.clientCode, userId: v.agent.userId },
        body: { maxConcurrentChats: v.maxConcurrentChats, active: v.active },
      }),
    onSuccess: done,
    onError: (err) => toast.error(describeError(err)),
    meta: { silent: true },
  });
  return (
    <div>
      <PageHeading title={t('serviceInbox.agents.title')} subtitle={t('serviceInbox.agents.description')}>
        <ClientPicker value={clientCode} onChange={setClientCode} />
      </PageHeading>
      <div className="page-card" style={{ padding: 16 }}>
        {mayAdd && clientCode && (
          <Space.Compact style={{ marginBottom: 12, maxWidth: 420, width: '100%' }}>
            <Input
              aria-label={t('serviceInbox.agents.username')}
              placeholder={t('serviceInbox.agents.username')}
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              onPressEnter={() => username.trim() && add.mutate()}
            />
            <Button type="primary" disabled={!username.trim()} loading={add.isPending} onClick={() => add.mutate()}>
              {t('serviceInbox.agents.add')}
            </Button>
          </Space.Compact>
        )}
        <Table<ServiceAgent>
          rowKey={(a) => `${a.clientCode}/${a.userId}`}
          size="small"
          scroll={{ x: 700 }}
          loading={agents.isLoading}
          dataSource={agents.data?.items ?? []}
          pagination={false}
          columns={[
            { title: t('service.client'), dataIndex: 'clientCode' },
            { title: t('serviceInbox.agents.agent'), render: (_, a) => `${a.fullName} (${a.username})` },
            {
              title: t('serviceInbox.agents.status'),
              dataIndex: 'status',
              render: (s: ServiceAgent['status']) => <Tag color={STATUS_COLOUR[s]}>{t(`serviceInbox.agents.${s}`)}</Tag>,
            },
            { title: t('serviceInbox.agents.openChats'), dataIndex: 'openChats', align: 'right' },
            {
              title: t('serviceInbox.agents.limit'),
              render: (_, a) => (
                <InputNumber
                  min={1}
                  max={100}
                  size="small"
                  disabled={!mayEdit}
                  aria-label={`${t('serviceInbox.agents.limit')} ${a.username}`}
                  placeholder={t('serviceInbox.agents.clientLimit')}
                  defaultValue={a.maxConcurrentChats ?? undefined}
                  onBlur={(e) => {
                    const v = e.target.value ? Number(e.target.value) : null;
                    if (v !== a.maxConcurrentChats) update.mutate({ agent: a, maxConcurrentChats: v });
                  }}
                />
              ),
            },
            {
              title: t('serviceInbox.agents.active'),
              render: (_, a) => (
                <Switch
                  size="small"
                  checked={a.active}
                  disabled={!mayEdit}
                  aria-label={`${t('serviceInbox.agents.active')} ${a.username}`}
                  onChange={(active) => update.mutate({ agent: a, active })}
                />
              ),
            },
          ]}
        />
      </div>
    </div>
  );
}
