import { useState } from 'react';
import { Button, Input, Space, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { endpoints, hasAnyTask } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { describeError, toast } from '../../../app/feedback.tsx';
import { useHeldTasks } from '../../../app/session.ts';
import { queryKeyOf, resourceKeyOf } from '../../../api/query-keys.ts';

export const SERVICE_AGENTS_KEY = resourceKeyOf(endpoints.listServiceAgents);

/** A client's CS agents as tags, and (with addManageCSUser) a username to add one: the wizard's human CS step. */
export function ClientAgents({ clientCode }: { clientCode: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mayAdd = hasAnyTask(useHeldTasks(), ['addManageCSUser']);
  const [username, setUsername] = useState('');
  const agents = useQuery({
    queryKey: queryKeyOf(endpoints.listServiceAgents, clientCode),
    queryFn: ({ signal }) => call(endpoints.listServiceAgents, { query: { clientCode }, signal }),
  });
  const add = useMutation({
    mutationFn: () => call(endpoints.addServiceAgent, { params: { clientCode }, body: { username: username.trim() } }),
    onSuccess: (a) => {
      toast.success(t('serviceInbox.agents.added', { name: a.fullName || a.username }));
      setUsername('');
      void queryClient.invalidateQueries({ queryKey: SERVICE_AGENTS_KEY });
    },
    onError: (err) => toast.error(describeError(err)),
    meta: { silent: true },
  });
  const active = (agents.data?.items ?? []).filter((a) => a.active);
  return (
    <div data-testid="wizard-agents">
      <div style={{ marginBottom: 8 }}>
        {active.length === 0 ? (
          <Typography.Text type="secondary">{t('service.wizard.noAgents')}</Typography.Text>
        ) : (
          active.map((a) => <Tag key={a.userId}>{`${a.fullName} (${a.username})`}</Tag>)
        )}
      </div>
      {mayAdd && (
        <Space.Compact style={{ maxWidth: 420, width: '100%' }}>
          <Input
            aria-label={t('serviceInbox.agents.username')}
            placeholder={t('serviceInbox.agents.username')}
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            onPressEnter={(e) => {
              e.preventDefault();
              if (username.trim()) add.mutate();
            }}
          />
          <Button disabled={!username.trim()} loading={add.isPending} onClick={() => add.mutate()}>
            {t('serviceInbox.agents.add')}
          </Button>
        </Space.Compact>
      )}
    </div>
  );
}
