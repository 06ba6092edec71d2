import { useState } from 'react';
import { Button, Select, Space, Tag } from 'antd';
import { TagsOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { endpoints, hasAnyTask, type ConversationLabel } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { resourceKeyOf } from '../../../api/query-keys.ts';
import { describeError, toast } from '../../../app/feedback.tsx';
import { useHeldTasks } from '../../../app/session.ts';
import { LabelManager } from './LabelManager.tsx';
import { SERVICE_INBOX_KEY } from './live.ts';
import { useServiceLabels } from './use-service-labels.ts';
import './labels.css';

/** The labels a conversation carries, each in its colour. */
export function LabelTags({ labels }: { labels: readonly ConversationLabel[] }) {
  if (!labels.length) return null;
  return (
    <span className="service-labels" data-testid="conversation-labels">
      {labels.map((l) => (
        <Tag key={l.id} color={l.color} className="service-labels__tag">
          {l.name}
        </Tag>
      ))}
    </span>
  );
}

/** The conversation's labels, changed in place by an agent who can see it; a CS supervisor also manages the list. */
export function ConversationLabels({ conversationId, labels }: { conversationId: string; labels: readonly ConversationLabel[] }) {
  const { t } = useTranslation();
  const tasks = useHeldTasks();
  const queryClient = useQueryClient();
  const [managing, setManaging] = useState(false);
  const all = useServiceLabels();
  const save = useMutation({
    mutationFn: (labelIds: string[]) => call(endpoints.setConversationLabels, { params: { conversationId }, body: { labelIds } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: SERVICE_INBOX_KEY });
      void queryClient.invalidateQueries({ queryKey: resourceKeyOf(endpoints.listServiceLabels) });
    },
    onError: (err) => toast.error(describeError(err)),
    meta: { silent: true },
  });
  const colorOf = new Map((all.data?.items ?? labels).map((l) => [l.id, l.color]));
  return (
    <Space size={4} wrap>
      <Select
        mode="multiple"
        size="small"
        variant="borderless"
        suffixIcon={<TagsOutlined />}
        style={{ minWidth: 140 }}
        popupMatchSelectWidth={false}
        aria-label={t('serviceLabels.labels')}
        placeholder={t('serviceLabels.addLabel')}
        data-testid="conversation-label-picker"
        value={labels.map((l) => l.id)}
        loading={save.isPending}
        optionFilterProp="label"
        notFoundContent={t('serviceLabels.noLabels')}
        options={(all.data?.items ?? labels).map((l) => ({ value: l.id, label: l.name }))}
        onChange={(ids: string[]) => save.mutate(ids)}
        tagRender={({ label, value, closable, onClose }) => (
          <Tag color={colorOf.get(String(value))} closable={closable} onClose={onClose} className="service-labels__tag">
            {label}
          </Tag>
        )}
      />
      {hasAnyTask(tasks, ['editManageCSUser']) && (
        <Button size="small" type="link" onClick={() => setManaging(true)}>
          {t('serviceLabels.manage')}
        </Button>
      )}
      {managing && <LabelManager onClose={() => setManaging(false)} />}
    </Space>
  );
}
