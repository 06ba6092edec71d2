import { Alert, Button, Card, Descriptions, Empty, Popconfirm, Progress, Space, Table, Tag, Typography } from 'antd';
import { DownloadOutlined, ExperimentOutlined, StopOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { endpoints, FINE_TUNE_FINISHED, FINE_TUNE_POLL_MS, type FineTuneRun, type TrainingExample } from '@nusa/contracts';
import { call, callFile, saveBlob } from '../../../api/call.ts';
import { ApiError } from '../../../api/api-error.ts';
import { describeError, toast } from '../../../app/feedback.tsx';
import { PageHeading } from '../../../app/components/PageHeading.tsx';
import type { Format } from '../../../app/format.ts';
import { useFormat } from '../../../app/use-format.ts';
import { ClientPicker } from '../clients/ClientPicker.tsx';
import { useClientCode } from '../use-client-code.ts';
import '../service.css';
import { queryKeyOf } from '../../../api/query-keys.ts';

const when = (f: Format, iso: string | null) => (iso ? f.dateTime(iso) : '—');
const pct = (f: Format, n: number | null) => (n === null ? '—' : f.percent(n * 100));
const going = (run?: FineTuneRun) => !!run && !FINE_TUNE_FINISHED.includes(run.status);
const STATUS_COLOR: Record<FineTuneRun['status'], string> = {
  pending: 'default',
  validating_files: 'blue',
  queued: 'blue',
  running: 'processing',
  succeeded: 'green',
  failed: 'red',
  cancelled: 'orange',
};

/** Service › Fine tuning: a client's training set (summary, JSONL), its runs started, followed and cancelled. */
export default function FineTuningPage() {
  const { t } = useTranslation();
  const [clientCode, setClientCode] = useClientCode();
  return (
    <div>
      <PageHeading title={t('serviceFineTuning.title')} subtitle={t('serviceFineTuning.description')}>
        <ClientPicker value={clientCode} onChange={setClientCode} />
      </PageHeading>
      {clientCode ? (
        <ClientFineTuning key={clientCode} clientCode={clientCode} />
      ) : (
        <div className="page-card">
          <Empty description={t('serviceFineTuning.pickClient')} />
        </div>
      )}
    </div>
  );
}

function ClientFineTuning({ clientCode }: { clientCode: string }) {
  const { t } = useTranslation();
  const f = useFormat();
  const queries = useQueryClient();
  const runsKey = queryKeyOf(endpoints.listFineTuneRuns, clientCode);
  const set = useQuery({
    queryKey: queryKeyOf(endpoints.getTrainingSet, clientCode),
    queryFn: ({ signal }) => call(endpoints.getTrainingSet, { params: { clientCode }, signal }),
  });
  const runs = useQuery({
    queryKey: runsKey,
    queryFn: ({ signal }) => call(endpoints.listFineTuneRuns, { params: { clientCode }, signal }),
    refetchInterval: (q) => (going(q.state.data?.data[0]) ? FINE_TUNE_POLL_MS : false),
  });
  const refresh = () =>
    Promise.all([
      queries.invalidateQueries({ queryKey: queryKeyOf(endpoints.getTrainingSet) }),
      queries.invalidateQueries({ queryKey: queryKeyOf(endpoints.listFineTuneRuns) }),
    ]);
  const start = useMutation({
    mutationFn: () => call(endpoints.startFineTuneRun, { params: { clientCode } }),
    onSuccess: () => {
      toast.success(t('serviceFineTuning.started'));
      void refresh();
    },
    onError: (err) => toast.error(describeError(err)),
  });
  const cancel = useMutation({
    mutationFn: (runId: string) => call(endpoints.cancelFineTuneRun, { params: { runId } }),
    onSuccess: () => {
      toast.success(t('serviceFineTuning.cancelled'));
      void refresh();
    },
    onError: (err) => toast.error(describeError(err)),
  });
  const download = () =>
    callFile(endpoints.exportTrainingSet, { params: { clientCode } })
      .then((blob) => saveBlob(blob, `${clientCode.toLowerCase()}-fine-tuning.jsonl`))
      .catch((err: unknown) => toast.error(describeError(err)));

  const s = set.data;
  const latest = runs.data?.data[0];
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small" title={t('serviceFineTuning.set.title')} loading={set.isLoading}>
        {/* In the body, not the card's title bar: on a phone the title bar has no room for two buttons. */}
        <div className="fine-tuning__actions">
          <Space wrap>
            <Button icon={<DownloadOutlined />} disabled={!s?.chatExamples} onClick={download}>
              {t('serviceFineTuning.set.download')}
            </Button>
            <Button type="primary" icon={<ExperimentOutlined />} loading={start.isPending} disabled={going(latest)} onClick={() => start.mutate()}>
              {t('serviceFineTuning.start')}
            </Button>
          </Space>
        </div>
        {set.error && <Alert type="error" showIcon title={describeError(set.error)} />}
        {s && (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Descriptions
              size="small"
              column={{ xs: 1, sm: 2, lg: 3 }}
              items={[
                { key: 'intents', label: t('serviceFineTuning.set.intents'), children: f.number(s.intents) },
                { key: 'fromIntents', label: t('serviceFineTuning.set.fromIntents'), children: f.number(s.fromIntents) },
                { key: 'fromCorrections', label: t('serviceFineTuning.set.fromCorrections'), children: f.number(s.fromCorrections) },
                {
                  key: 'chat',
                  label: t('serviceFineTuning.set.chatExamples'),
                  children: <span data-testid="chat-examples">{f.number(s.chatExamples)}</span>,
                },
                { key: 'classifier', label: t('serviceFineTuning.set.classifierExamples'), children: f.number(s.classifierExamples) },
                { key: 'without', label: t('serviceFineTuning.set.withoutAnswer'), children: f.number(s.withoutAnswer) },
              ]}
            />
            {s.chatExamples === 0 ? (
              <Alert type="info" showIcon title={t('serviceFineTuning.set.empty')} />
            ) : (
              <Table<TrainingExample>
                size="small"
                rowKey={(e) => `${e.source}:${e.user}:${e.assistant}`}
                pagination={false}
                dataSource={s.samples}
                scroll={{ x: 560 }}
                title={() => t('serviceFineTuning.set.samples')}
                columns={[
                  {
                    title: t('serviceFineTuning.set.source'),
                    dataIndex: 'source',
                    width: 150,
                    render: (v: TrainingExample['source']) => (
                      <Tag color={v === 'correction' ? 'purple' : 'blue'}>{t(`serviceFineTuning.set.sources.${v}`)}</Tag>
                    ),
                  },
                  { title: t('serviceFineTuning.set.customer'), dataIndex: 'user' },
                  { title: t('serviceFineTuning.set.answer'), dataIndex: 'assistant' },
                ]}
              />
            )}
          </Space>
        )}
      </Card>

      <Card size="small" title={t('serviceFineTuning.run.title')} loading={runs.isLoading}>
        {latest ? (
          <RunDetail run={latest} onCancel={() => cancel.mutate(latest.runId)} cancelling={cancel.isPending} />
        ) : (
          <Empty description={t('serviceFineTuning.run.none')} />
        )}
      </Card>

      {(runs.data?.data.length ?? 0) > 0 && (
        <Card size="small" title={t('serviceFineTuning.history')}>
          <Table<FineTuneRun>
            size="small"
            rowKey="runId"
            dataSource={runs.data!.data}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            scroll={{ x: 720 }}
            columns={[
              { title: t('serviceFineTuning.run.requestedAt'), dataIndex: 'requestedAt', render: (v: string | null) => when(f, v), width: 170 },
              {
                title: t('serviceFineTuning.run.provider'),
                dataIndex: 'provider',
                render: (v: FineTuneRun['provider']) => t(`serviceFineTuning.run.providersShort.${v}`),
              },
              { title: t('serviceFineTuning.run.status'), dataIndex: 'status', width: 150, render: (_: unknown, r) => <StatusTag run={r} /> },
              { title: t('serviceFineTuning.run.fineTunedModel'), dataIndex: 'fineTunedModel', render: (v: string | null) => v ?? '—' },
              { title: t('serviceFineTuning.run.examples'), dataIndex: 'chatExamples', width: 90 },
              { title: t('serviceFineTuning.run.accuracy'), dataIndex: 'accuracyAfter', width: 150, render: (v: number | null) => pct(f, v) },
              { title: t('serviceFineTuning.run.finishedAt'), dataIndex: 'finishedAt', render: (v: string | null) => when(f, v), width: 170 },
            ]}
          />
        </Card>
      )}
    </Space>
  );
}

function StatusTag({ run }: { run: FineTuneRun }) {
  const { t } = useTranslation();
  return (
    <Tag data-testid="fine-tune-status" color={STATUS_COLOR[run.status]}>
      {t(`serviceFineTuning.run.statuses.${run.status}`)}
    </Tag>
  );
}

function RunDetail({ run, onCancel, cancelling }: { run: FineTuneRun; onCancel: () => void; cancelling: boolean }) {
  const { t } = useTranslation();
  const f = useFormat();
  const failed = run.status === 'failed';
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
        <StatusTag run={run} />
        {going(run) && (
          <Popconfirm title={t('serviceFineTuning.cancelConfirm')} onConfirm={onCancel}>
            <Button danger icon={<StopOutlined />} loading={cancelling}>
              {t('serviceFineTuning.cancel')}
            </Button>
          </Popconfirm>
        )}
      </Space>
      <Progress percent={run.progress} status={failed ? 'exception' : run.status === 'succeeded' ? 'success' : going(run) ? 'active' : 'normal'} />
      {failed && run.errorCode && <Alert type="error" showIcon title={describeError(new ApiError(502, run.errorCode as never, [run.error ?? '']))} />}
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 3 }}
        items={[
          { key: 'provider', label: t('serviceFineTuning.run.provider'), children: t(`serviceFineTuning.run.providers.${run.provider}`) },
          { key: 'base', label: t('serviceFineTuning.run.baseModel'), children: run.baseModel ?? '—' },
          ...(run.provider === 'local'
            ? [
                {
                  key: 'accuracy',
                  label: t('serviceFineTuning.run.accuracy'),
                  children: !run.heldOut
                    ? '—'
                    : run.accuracyBefore === null
                      ? t('serviceFineTuning.run.accuracyAfter', { after: pct(f, run.accuracyAfter), count: run.heldOut })
                      : t('serviceFineTuning.run.accuracyValue', { before: pct(f, run.accuracyBefore), after: pct(f, run.accuracyAfter), count: run.heldOut }),
                },
                { key: 'pairs', label: t('serviceFineTuning.run.answerPairs'), children: f.number(run.answerPairs) },
              ]
            : [
                {
                  key: 'model',
                  label: t('serviceFineTuning.run.fineTunedModel'),
                  children: <Typography.Text copyable={!!run.fineTunedModel}>{run.fineTunedModel ?? '—'}</Typography.Text>,
                },
                { key: 'job', label: t('serviceFineTuning.run.jobId'), children: run.jobId ?? '—' },
              ]),
          { key: 'examples', label: t('serviceFineTuning.run.examples'), children: f.number(run.chatExamples) },
          // The provider's own words (a local run has none).
          ...(run.lastEvent ? [{ key: 'event', label: t('serviceFineTuning.run.lastEvent'), children: run.lastEvent }] : []),
          { key: 'requested', label: t('serviceFineTuning.run.requestedAt'), children: when(f, run.requestedAt) },
          { key: 'finished', label: t('serviceFineTuning.run.finishedAt'), children: when(f, run.finishedAt) },
        ]}
      />
    </Space>
  );
}
