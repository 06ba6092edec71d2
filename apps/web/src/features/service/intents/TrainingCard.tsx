import { Alert, Button, Card, Descriptions, Space, Table, Tag } from 'antd';
import { ExperimentOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { endpoints, OUT_OF_SCOPE_INTENT, READINESS_MIN_ACCURACY, type TrainingState } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { describeError } from '../../../app/feedback.tsx';
import { ApiError } from '../../../api/api-error.ts';
import { useFormat } from '../../../app/use-format.ts';
import { queryKeyOf } from '../../../api/query-keys.ts';

const busy = (s?: TrainingState) => s?.status === 'queued' || s?.status === 'running';

/** The client's newest training run: start one, follow it, and its precision/recall on the held-out fifth. */
export function TrainingCard({ clientCode, canTrain }: { clientCode: string; canTrain: boolean }) {
  const { t } = useTranslation();
  const f = useFormat();
  const pct = (n: number) => f.percent(n * 100);
  const intent = (name: string) => (name === OUT_OF_SCOPE_INTENT ? t('service.training.outOfScope') : name);
  const queries = useQueryClient();
  const key = queryKeyOf(endpoints.getServiceTraining, clientCode);
  const training = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => call(endpoints.getServiceTraining, { params: { clientCode }, signal }),
    refetchInterval: (q) => (busy(q.state.data) ? 2000 : false),
  });
  const train = useMutation({
    mutationFn: () => call(endpoints.trainServiceClient, { params: { clientCode } }),
    onSuccess: (state) => queries.setQueryData(key, state),
  });
  const s = training.data;
  const m = s?.metrics;
  return (
    <Card
      title={t('service.training.title')}
      size="small"
      extra={
        canTrain && (
          <Button type="primary" icon={<ExperimentOutlined />} loading={train.isPending || busy(s)} onClick={() => train.mutate()}>
            {t('service.training.train')}
          </Button>
        )
      }
    >
      {s && (
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, md: 4 }}
          items={[
            {
              key: 'status',
              label: t('service.training.status'),
              children: (
                <Tag data-testid="training-status" color={s.status === 'done' ? 'green' : s.status === 'failed' ? 'red' : 'blue'}>
                  {t(`service.training.statuses.${s.status}`)}
                </Tag>
              ),
            },
            { key: 'intents', label: t('service.training.intents'), children: s.intents },
            { key: 'examples', label: t('service.training.examples'), children: s.examples },
            {
              key: 'accuracy',
              label: t('service.training.accuracy'),
              children: m ? `${pct(m.accuracy)} (${t('service.training.heldOut', { count: m.heldOut })})` : '—',
            },
          ]}
        />
      )}
      {s?.status === 'done' && m && m.accuracy < READINESS_MIN_ACCURACY && (
        <Alert
          type="warning"
          showIcon
          data-testid="training-low-accuracy"
          style={{ marginBottom: 8 }}
          title={t('service.wizard.readiness.low_accuracy', { 0: Math.round(m.accuracy * 100), 1: Math.round(READINESS_MIN_ACCURACY * 100) })}
        />
      )}
      {s?.status === 'failed' && s.errorCode && <Alert type="error" showIcon title={describeError(new ApiError(422, s.errorCode as never, []))} />}
      {m && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Table
            size="small"
            rowKey="intent"
            pagination={{ pageSize: 10 }}
            dataSource={m.perIntent}
            scroll={{ x: 400 }}
            columns={[
              { title: t('service.training.intent'), dataIndex: 'intent', render: intent },
              { title: t('service.training.precision'), dataIndex: 'precision', render: pct, width: 110 },
              { title: t('service.training.recall'), dataIndex: 'recall', render: pct, width: 110 },
              { title: t('service.training.support'), dataIndex: 'support', width: 90 },
            ]}
          />
          {m.confused.length > 0 && (
            <Table
              size="small"
              rowKey={(c) => `${c.expected}>${c.predicted}`}
              pagination={false}
              dataSource={m.confused.slice(0, 10)}
              scroll={{ x: 400 }}
              title={() => t('service.training.confused')}
              columns={[
                { title: t('service.training.expected'), dataIndex: 'expected', render: intent },
                { title: t('service.training.predicted'), dataIndex: 'predicted', render: intent },
                { title: t('service.training.count'), dataIndex: 'count', width: 90 },
              ]}
            />
          )}
        </Space>
      )}
    </Card>
  );
}
