import { useState } from 'react';
import { Alert, Button, Steps } from 'antd';
import { PlayCircleOutlined, RedoOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { endpoints, SETUP_POLL_ATTEMPTS, SETUP_POLL_MS, type ServiceSetupState } from '@nusa/contracts';
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
              <span data-testid={`setup-step-${step.name}`}>{t(`service.wizard.stepStatus.${step.status}`)}</span>
            ),
        }))}
      />
      {s?.status === 'done' && <Alert type="success" showIcon title={t('service.wizard.processDone')} />}
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
