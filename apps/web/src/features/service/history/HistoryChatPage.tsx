import { useState } from 'react';
import { Button, DatePicker, Drawer, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import { endpoints, type HistoryConversation } from '@nusa/contracts';
import { call, callFile, saveBlob } from '../../../api/call.ts';
import { describeError, toast } from '../../../app/feedback.tsx';
import { PageHeading } from '../../../app/components/PageHeading.tsx';
import { ClientPicker } from '../clients/ClientPicker.tsx';
import { reasonText } from '../handover.ts';
import '../inbox/inbox.css';
import { customerLabel } from '../customer-label.ts';
import { useFormat } from '../../../app/use-format.ts';
import { queryKeyOf } from '../../../api/query-keys.ts';
import { LabelTags } from '../inbox/ConversationLabels.tsx';
import { useServiceLabels } from '../inbox/use-service-labels.ts';
import { ResponseTimesLine } from '../inbox/ResponseTimesLine.tsx';

const CHANNELS = ['web', 'whatsapp', 'telegram', 'virtual'] as const;
const OUTCOMES = ['resolved_by_bot', 'resolved_by_agent'] as const;
type Outcome = (typeof OUTCOMES)[number];

interface Filter {
  clientCode?: string;
  channel?: (typeof CHANNELS)[number];
  handledBy?: 'bot' | 'agent';
  intent?: string;
  outcome?: string;
  range?: [Dayjs, Dayjs] | null;
  keyword?: string;
  labelId?: string;
}

/** Service › History chat: every conversation with filters, its transcript, and the xlsx export. */
export default function HistoryChatPage() {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const [filter, setFilter] = useState<Filter>({});
  const [page, setPage] = useState({ page: 1, limit: 25 });
  const [open, setOpen] = useState<string>();
  const labels = useServiceLabels();
  const query = {
    clientCode: filter.clientCode,
    channel: filter.channel,
    handledBy: filter.handledBy,
    intent: filter.intent || undefined,
    outcome: filter.outcome || undefined,
    from: filter.range?.[0].format('YYYY-MM-DD'),
    to: filter.range?.[1].format('YYYY-MM-DD'),
    keyword: filter.keyword || undefined,
    labelId: filter.labelId,
  };
  const list = useQuery({
    queryKey: queryKeyOf(endpoints.listHistoryChat, query, page),
    queryFn: ({ signal }) => call(endpoints.listHistoryChat, { query: { ...query, ...page }, signal }),
  });
  const change = (f: Partial<Filter>) => {
    setFilter((x) => ({ ...x, ...f }));
    setPage((p) => ({ ...p, page: 1 }));
  };
  const exportXlsx = () =>
    callFile(endpoints.exportHistoryChat, { query: { ...query, lang: i18n.language === 'en' ? 'en' : 'id' } })
      .then((blob) => saveBlob(blob, 'chat-history.xlsx'))
      .catch((err: unknown) => toast.error(describeError(err)));
  return (
    <div>
      <PageHeading title={t('serviceInbox.history.title')} subtitle={t('serviceInbox.history.description')}>
        <Button icon={<DownloadOutlined />} onClick={exportXlsx}>
          {t('serviceInbox.history.export')}
        </Button>
      </PageHeading>
      <div className="page-card service-history">
        <Space wrap style={{ marginBottom: 12 }}>
          <Input.Search
            allowClear
            style={{ width: 260 }}
            aria-label={t('serviceLabels.search')}
            placeholder={t('serviceLabels.search')}
            onSearch={(keyword) => change({ keyword })}
          />
          <Select
            allowClear
            style={{ minWidth: 150 }}
            aria-label={t('serviceLabels.filterLabel')}
            placeholder={t('serviceLabels.filterLabel')}
            value={filter.labelId}
            onChange={(labelId?: string) => change({ labelId })}
            options={(labels.data?.items ?? []).map((l) => ({ value: l.id, label: l.name }))}
          />
          <ClientPicker value={filter.clientCode} onChange={(clientCode) => change({ clientCode })} />
          <Select
            allowClear
            style={{ minWidth: 150 }}
            aria-label={t('serviceInbox.history.channel')}
            placeholder={t('serviceInbox.history.channel')}
            value={filter.channel}
            onChange={(channel) => change({ channel })}
            options={CHANNELS.map((c) => ({ value: c, label: t(`serviceInbox.channel.${c}`) }))}
          />
          <Select
            allowClear
            style={{ minWidth: 150 }}
            aria-label={t('serviceInbox.history.handledBy')}
            placeholder={t('serviceInbox.history.handledBy')}
            value={filter.handledBy}
            onChange={(handledBy) => change({ handledBy })}
            options={[
              { value: 'bot', label: t('serviceInbox.sender.bot') },
              { value: 'agent', label: t('serviceInbox.sender.agent') },
            ]}
          />
          <Input.Search
            allowClear
            style={{ width: 180 }}
            aria-label={t('serviceInbox.history.intent')}
            placeholder={t('serviceInbox.history.intent')}
            onSearch={(intent) => change({ intent })}
          />
          <Select
            allowClear
            style={{ minWidth: 180 }}
            aria-label={t('serviceInbox.history.outcome')}
            placeholder={t('serviceInbox.history.outcome')}
            value={filter.outcome}
            onChange={(outcome) => change({ outcome })}
            options={OUTCOMES.map((o) => ({ value: o, label: t(`serviceInbox.history.outcomes.${o}`) }))}
          />
          <DatePicker.RangePicker value={filter.range ?? null} onChange={(range) => change({ range: range as [Dayjs, Dayjs] | null })} />
        </Space>
        <Table<HistoryConversation>
          rowKey="id"
          size="small"
          scroll={{ x: 900 }}
          loading={list.isLoading}
          dataSource={list.data?.items ?? []}
          onRow={(r) => ({ onClick: () => setOpen(r.id), style: { cursor: 'pointer' } })}
          pagination={{ current: page.page, pageSize: page.limit, total: list.data?.total ?? 0, onChange: (p, limit) => setPage({ page: p, limit }) }}
          columns={[
            { title: t('serviceInbox.history.started'), dataIndex: 'startedAt', render: (at: string) => f.dateTime(at) },
            { title: t('service.client'), dataIndex: 'clientCode' },
            { title: t('serviceInbox.history.channel'), dataIndex: 'channelKind', render: (c: string) => t(`serviceInbox.channel.${c as 'web'}`) },
            { title: t('serviceInbox.sender.customer'), render: (_, r) => customerLabel(r, t) },
            {
              title: t('serviceInbox.history.handledBy'),
              dataIndex: 'handledBy',
              render: (h: 'bot' | 'agent', r) => (
                <Tag color={h === 'agent' ? 'orange' : 'green'}>
                  {t(`serviceInbox.sender.${h}`)}
                  {r.handoverReason ? ` · ${reasonText(t, r.handoverReason)}` : ''}
                </Tag>
              ),
            },
            { title: t('serviceInbox.history.intent'), dataIndex: 'lastIntent' },
            { title: t('serviceLabels.labels'), dataIndex: 'labels', render: (_, r) => <LabelTags labels={r.labels} /> },
            {
              title: t('serviceInbox.history.outcome'),
              dataIndex: 'outcome',
              render: (o: string | null) => (o && (OUTCOMES as readonly string[]).includes(o) ? t(`serviceInbox.history.outcomes.${o as Outcome}`) : (o ?? '')),
            },
            { title: t('serviceInbox.history.messages'), dataIndex: 'messages', align: 'right' },
          ]}
        />
      </div>
      <Drawer open={!!open} onClose={() => setOpen(undefined)} title={t('serviceInbox.history.transcript')} size="large">
        {open && <Transcript id={open} />}
      </Drawer>
    </div>
  );
}

function Transcript({ id }: { id: string }) {
  const { t } = useTranslation();
  const f = useFormat();
  const tr = useQuery({
    queryKey: queryKeyOf(endpoints.getHistoryTranscript, id),
    queryFn: ({ signal }) => call(endpoints.getHistoryTranscript, { params: { conversationId: id }, signal }),
  });
  return (
    <div className="service-inbox__log" data-testid="history-transcript">
      {tr.data && (
        <div>
          <LabelTags labels={tr.data.conversation.labels} />
          <ResponseTimesLine times={tr.data.responseTimes} />
        </div>
      )}
      {tr.data?.messages.map((m) => (
        <div key={m.id} className={`service-inbox__msg service-inbox__msg--${m.sender}`}>
          <div className="service-inbox__who">
            {t(`serviceInbox.sender.${m.sender}`)} · {f.dateTime(m.at)}
            {m.sender === 'bot' && (
              <>
                {' '}
                · {m.intent ?? '—'} <Typography.Text type="secondary">({Math.round((m.confidence ?? 0) * 100)} %)</Typography.Text>
              </>
            )}
          </div>
          <div>{m.text}</div>
        </div>
      ))}
    </div>
  );
}
