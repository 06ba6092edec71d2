import { useState } from 'react';
import { Alert, Button, Space, Steps, Tag } from 'antd';
import { PlayCircleOutlined, RedoOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { endpoints, SETUP_POLL_ATTEMPTS, SETUP_POLL_MS, type ServiceClientReadiness, type ServiceSetupState } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { ApiError } from '../../../api/api-error.ts';
import { describeError } from '../../../app/feedback.tsx';
import { queryKeyOf } from '../../../api/query-keys.ts';

const running = (s?: ServiceSetupState) => s?.status === 'queued' || s?.status === 'running';
/** The first step not done (all done: past the last). */
const currentStep = (s?: ServiceSetupState) => {
  const i = s?.steps.findIndex((x) => x.status !== 'done') ?? 0;
  return i < 0 ? (s?.steps.length ?? 0) : i;
};
const STEP_STATUS = { pending: 'wait', running: 'process', done: 'finish', failed: 'error' } as const;

/**
 * Process all: import dataset, set up AI, run integration, as the server's job. The state is polled every
 * SETUP_POLL_MS, at most SETUP_POLL_ATTEMPTS times (spec 4); leaving and coming back reads the state again.
 */
export function SetupProcess({ clientCode }: { clientCode: string }) {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const [polls, setPolls] = useState(0);
  const key = queryKeyOf(endpoints.getServiceClientSetup, clientCode);
  const state = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => {
      const s = await call(endpoints.getServiceClientSetup, { params: { clientCode }, signal });
      if (running(s)) setPolls((n) => n + 1);
      return s;
    },
    refetchInterval: (q) => (running(q.state.data) && polls < SETUP_POLL_ATTEMPTS ? SETUP_POLL_MS : false),
  });
  const start = useMutation({
    mutationFn: () => call(endpoints.processServiceClientSetup, { params: { clientCode } }),
    onSuccess: (s) => {
      setPolls(0);
      queries.setQueryData(key, s);
    },
  });
  const s = state.data;
  // What stands before "ready" is read once a run has ended (and again after each run).
  const readiness = useQuery({
    queryKey: queryKeyOf(endpoints.getServiceClientReadiness, clientCode, s?.finishedAt),
    queryFn: ({ signal }) => call(endpoints.getServiceClientReadiness, { params: { clientCode }, signal }),
    enabled: s?.status === 'done',
  });
  const r = s?.status === 'done' ? readiness.data : undefined;
  const gaveUp = running(s) && polls >= SETUP_POLL_ATTEMPTS;
  return (
    <div className="service-detail">
      <Steps
        direction="vertical"
        current={currentStep(s)}
        items={(s?.steps.length
          ? s.steps
          : (['importDataset', 'setupAi', 'runIntegration'] as const).map((name) => ({ name, status: 'pending' as const, errorCode: null }))
        ).map((step) => ({
          title: t(`service.wizard.steps.${step.name}`),
          status: STEP_STATUS[step.status],
          description:
            step.status === 'failed' && step.errorCode ? (
              <span data-testid={`setup-error-${step.name}`}>{describeError(new ApiError(422, step.errorCode as never, [clientCode]))}</span>
            ) : (
              <>
                <span data-testid={`setup-step-${step.name}`}>{t(`service.wizard.stepStatus.${step.status}`)}</span>
                {step.name === 'setupAi' && step.status === 'done' && r?.accuracy != null && (
                  <Tag
                    className="setup-accuracy"
                    data-testid="setup-accuracy"
                    color={r.warnings.some((w) => w.code === 'low_accuracy') ? 'warning' : 'success'}
                  >
                    {t('service.wizard.accuracy', { value: Math.round(r.accuracy * 100) })}
                  </Tag>
                )}
              </>
            ),
        }))}
      />
      {r && <Readiness clientCode={clientCode} readiness={r} />}
      {gaveUp && (
        <Alert
          type="warning"
          showIcon
          title={t('service.wizard.stillRunning')}
          action={
            <Button
              onClick={() => {
                setPolls(0);
                void state.refetch();
              }}
            >
              {t('service.wizard.checkAgain')}
            </Button>
          }
        />
      )}
      <div>
        <Button
          type="primary"
          icon={s?.status === 'failed' ? <RedoOutlined /> : <PlayCircleOutlined />}
          loading={start.isPending || running(s)}
          onClick={() => start.mutate()}
        >
          {s?.status === 'failed' ? t('service.wizard.retry') : t('service.wizard.processAll')}
        </Button>
      </div>
    </div>
  );
}

const CHANNEL_STATE = { active: 'success', inactive: 'warning', notSaved: 'default' } as const;

/** "Ready" only when nothing stands before it; else each warning with what to do, and every channel's true state. */
function Readiness({ clientCode, readiness }: { clientCode: string; readiness: ServiceClientReadiness }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = (page: string) => navigate(`/service/${page}?client=${encodeURIComponent(clientCode)}`);
  const args = (list: (string | number)[]) => Object.fromEntries(list.map((a, i) => [i, a]));
  const channels = (
    <Space size={[4, 4]} wrap data-testid="setup-channels">
      <span>{`${t('service.wizard.channels')}:`}</span>
      {readiness.channels.map((c) => {
        const state = c.active ? 'active' : c.saved ? 'inactive' : 'notSaved';
        return (
          <Tag key={c.kind} color={CHANNEL_STATE[state]}>
            {t(`serviceChannels.kind.${c.kind}`)}: {t(`service.wizard.channelState.${state}`)}
          </Tag>
        );
      })}
    </Space>
  );
  if (readiness.ready) return <Alert type="success" showIcon title={t('service.wizard.processDone')} description={channels} data-testid="setup-ready" />;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="setup-not-ready"
      title={t('service.wizard.notReady')}
      description={
        <>
          <ul className="setup-warnings">
            {readiness.warnings.map((w) => (
              <li key={w.code} data-testid={`readiness-${w.code}`}>
                {t(`service.wizard.readiness.${w.code}`, args(w.args))}
              </li>
            ))}
          </ul>
          {channels}
          {/* Below the text, not as the alert's action column: on a phone that column left the text one word wide. */}
          <Space wrap className="setup-warnings__actions">
            <Button size="small" onClick={() => open('intent-classification')}>
              {t('service.wizard.openIntents')}
            </Button>
            <Button size="small" onClick={() => open('integration')}>
              {t('service.wizard.openIntegration')}
            </Button>
          </Space>
        </>
      }
    />
  );
}
