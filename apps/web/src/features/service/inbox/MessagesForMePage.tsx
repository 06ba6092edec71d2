import { useState } from 'react';
import { Badge, Button, Empty, Input, List, Segmented, Space, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { endpoints, type InboxConversation } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { describeError, toast } from '../../../app/feedback.tsx';
import { customerLabel } from '../customer-label.ts';
import { PageHeading } from '../../../app/components/PageHeading.tsx';
import { useHeldTasks } from '../../../app/session.ts';
import { reasonText } from '../handover.ts';
import { SERVICE_INBOX_KEY, useInboxLive, useServiceInbox } from './live.ts';
import './inbox.css';
import { useConfirmDanger } from '../../../app/components/confirm-danger.ts';
import { useFormat } from '../../../app/use-format.ts';
import { queryKeyOf } from '../../../api/query-keys.ts';
import { useCannedReplyPicker } from './CannedReplyPicker.tsx';
import { HandoverAlerts } from './HandoverAlerts.tsx';
import { TransferButton } from './TransferButton.tsx';
import { ConversationLabels, LabelTags } from './ConversationLabels.tsx';
import { ConversationSearch, useConversationSearch } from './ConversationSearch.tsx';
import { ResponseTimesLine } from './ResponseTimesLine.tsx';

/** Service › Messages for me: handed-over conversations, live; claim, reply, note, send back to the bot, close. */
export default function MessagesForMePage() {
  const { t } = useTranslation();
  const tasks = useHeldTasks();
  const live = useInboxLive(true);
  const inbox = useServiceInbox(tasks);
  const [selected, setSelected] = useState<string>();
  const [presence, setPresence] = useState<'online' | 'away'>('online');
  const status = useMutation({
    mutationFn: (s: 'online' | 'away') => call(endpoints.setAgentStatus, { body: { status: s } }),
    onSuccess: (r) => setPresence(r.status),
    onError: (err) => toast.error(describeError(err)),
    meta: { silent: true },
  });
  const search = useConversationSearch();
  const items = inbox.data?.items ?? [];
  return (
    <div>
      <PageHeading title={t('serviceInbox.title')} subtitle={t('serviceInbox.description')}>
        <HandoverAlerts items={items} ready={live && inbox.isSuccess} />
        <Tag color={live ? 'green' : 'default'} data-testid="inbox-live">
          {live ? t('serviceInbox.live') : t('serviceInbox.offline')}
        </Tag>
        <Segmented
          value={presence}
          onChange={(v) => status.mutate(v as 'online' | 'away')}
          options={[
            { value: 'online', label: t('serviceInbox.online') },
            { value: 'away', label: t('serviceInbox.away') },
          ]}
        />
      </PageHeading>
      <div className="service-inbox">
        <div className="page-card service-inbox__list">
          <ConversationSearch search={search} position="top" />
          <List
            dataSource={search.active ? search.items : items}
            locale={{ emptyText: <Empty description={t('serviceInbox.empty')} /> }}
            renderItem={(c) => <ConversationItem c={c} active={c.id === selected} onPick={() => setSelected(c.id)} />}
          />
          <ConversationSearch search={search} position="bottom" />
        </div>
        {selected ? (
          <ConversationPane key={selected} id={selected} />
        ) : (
          <div className="page-card service-inbox__pane">
            <Empty description={t('serviceInbox.pick')} />
          </div>
        )}
      </div>
    </div>
  );
}

function ConversationItem({ c, active, onPick }: { c: InboxConversation; active: boolean; onPick: () => void }) {
  const { t } = useTranslation();
  return (
    <List.Item className={`service-inbox__item${active ? ' service-inbox__item--active' : ''}`} onClick={onPick} data-testid="inbox-item">
      <List.Item.Meta
        title={
          <Space size={6}>
            <span>{customerLabel(c, t)}</span>
            {c.unread > 0 && <Badge count={c.unread} size="small" />}
          </Space>
        }
        description={
          <>
            <Typography.Text type="secondary" ellipsis>
              {c.lastText}
            </Typography.Text>
            <div>
              <Tag>{c.clientCode}</Tag>
              <Tag>{t(`serviceInbox.channel.${c.channelKind}`)}</Tag>
              <Tag color={c.status === 'waiting' ? 'orange' : 'blue'}>{t(`serviceInbox.status.${c.status}`)}</Tag>
              <LabelTags labels={c.labels} />
            </div>
          </>
        }
      />
    </List.Item>
  );
}

function ConversationPane({ id }: { id: string }) {
  const { t } = useTranslation();
  const f = useFormat();
  const confirmDanger = useConfirmDanger();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [mode, setMode] = useState<'reply' | 'note'>('reply');
  const canned = useCannedReplyPicker(id, text, setText);
  const detail = useQuery({
    queryKey: queryKeyOf(endpoints.getInboxConversation, id),
    queryFn: ({ signal }) => call(endpoints.getInboxConversation, { params: { conversationId: id }, signal }),
  });
  const after = () => void queryClient.invalidateQueries({ queryKey: SERVICE_INBOX_KEY });
  const act = useMutation({
    mutationFn: async (action: 'claim' | 'send' | 'sendBack' | 'close') => {
      const params = { conversationId: id };
      if (action === 'claim') return call(endpoints.claimConversation, { params });
      if (action === 'sendBack') return call(endpoints.sendBackToBot, { params });
      if (action === 'close') return call(endpoints.closeInboxConversation, { params });
      return mode === 'reply' ? call(endpoints.replyConversation, { params, body: { text } }) : call(endpoints.noteConversation, { params, body: { text } });
    },
    onSuccess: (_r, action) => {
      if (action === 'send') setText('');
      if (action === 'claim') toast.success(t('serviceInbox.claimed'));
      if (action === 'close') toast.success(t('serviceInbox.closed'));
      after();
    },
    onError: (err) => {
      toast.error(describeError(err));
      after();
    },
    meta: { silent: true },
  });
  const d = detail.data;
  if (!d) return <div className="page-card service-inbox__pane" />;
  const c = d.conversation;
  const mine = c.status === 'agent';
  const close = () =>
    confirmDanger({
      title: t('serviceInbox.close'),
      content: t('serviceInbox.closeConfirm'),
      okText: t('serviceInbox.close'),
      onOk: () => act.mutateAsync('close'),
    });
  return (
    <>
      <div className="page-card service-inbox__pane">
        <div className="service-inbox__head">
          <div>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {customerLabel(c, t)}
            </Typography.Title>
            <Space size={4} wrap>
              <Tag>{c.clientName}</Tag>
              <Tag>{t(`serviceInbox.channel.${c.channelKind}`)}</Tag>
              {c.handoverReason && (
                <Tag color="orange">
                  {t('serviceInbox.reason')}: {reasonText(t, c.handoverReason)}
                </Tag>
              )}
            </Space>
            <ConversationLabels conversationId={id} labels={c.labels} />
            <ResponseTimesLine times={d.responseTimes} />
          </div>
          <Space wrap>
            {c.status === 'waiting' && c.outsideWorkingHours && (
              <Typography.Text type="warning" data-testid="inbox-outside-hours">
                {t('serviceInbox.outsideHours')}
              </Typography.Text>
            )}
            {c.status === 'waiting' && (
              <Button type="primary" disabled={c.outsideWorkingHours} loading={act.isPending} onClick={() => act.mutate('claim')}>
                {t('serviceInbox.claim')}
              </Button>
            )}
            {(mine || (c.status === 'waiting' && !c.outsideWorkingHours)) && <TransferButton conversationId={id} waiting={!mine} onDone={after} />}
            {mine && <Button onClick={() => act.mutate('sendBack')}>{t('serviceInbox.sendBack')}</Button>}
            {mine && (
              <Button danger onClick={close}>
                {t('serviceInbox.close')}
              </Button>
            )}
          </Space>
        </div>
        <div className="service-inbox__log" aria-live="polite" data-testid="inbox-log">
          {d.messages.map((m) => (
            <div key={m.id} className={`service-inbox__msg service-inbox__msg--${m.sender}`}>
              <div className="service-inbox__who">
                {t(`serviceInbox.sender.${m.sender}`)} · {f.dateTime(m.at)}
                {m.intent ? ` · ${m.intent} (${Math.round((m.confidence ?? 0) * 100)} %)` : ''}
              </div>
              <div>{m.text}</div>
            </div>
          ))}
        </div>
        {mine && (
          <div className="service-inbox__compose">
            <Segmented
              size="small"
              value={mode}
              onChange={setMode}
              options={[
                { value: 'reply', label: t('serviceInbox.reply') },
                { value: 'note', label: t('serviceInbox.note') },
              ]}
            />
            {canned.picker}
            <Space.Compact style={{ width: '100%' }}>
              <Input.TextArea
                aria-label={mode === 'reply' ? t('serviceInbox.replyPlaceholder') : t('serviceInbox.notePlaceholder')}
                placeholder={`${mode === 'reply' ? t('serviceInbox.replyPlaceholder') : t('serviceInbox.notePlaceholder')} ${canned.placeholderHint}`}
                onKeyDown={canned.onKeyDown}
                autoSize={{ minRows: 1, maxRows: 4 }}
                maxLength={4000}
                value={text}
                onChange={(e) => setText(e.target.value)}
              />
              <Button type="primary" disabled={!text.trim()} loading={act.isPending} onClick={() => act.mutate('send')}>
                {mode === 'reply' ? t('serviceInbox.reply') : t('serviceInbox.note')}
              </Button>
            </Space.Compact>
          </div>
        )}
      </div>
      <div className="page-card service-inbox__earlier">
        <Typography.Title level={5}>{t('serviceInbox.earlier')}</Typography.Title>
        {d.earlier.length === 0 ? (
          <Typography.Text type="secondary">{t('serviceInbox.noEarlier')}</Typography.Text>
        ) : (
          <List
            size="small"
            dataSource={d.earlier}
            renderItem={(e) => (
              <List.Item>
                <List.Item.Meta
                  title={f.dateTime(e.startedAt)}
                  description={
                    <>
                      {e.lastText}
                      <div>
                        <Tag>{t(`serviceInbox.status.${e.status as 'closed'}`)}</Tag>
                        {e.lastIntent && <Tag>{e.lastIntent}</Tag>}
                      </div>
                    </>
                  }
                />
              </List.Item>
            )}
          />
        )}
      </div>
    </>
  );
}
