import { Alert, Button, Card, Progress, Result } from 'antd';
import { CheckCircleFilled, ClockCircleOutlined, LoadingOutlined, LoginOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FREE_TRANSACTION_LIMIT, LOGIN_ROUTE, endpoints } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { describeError } from '../../../app/feedback.tsx';
import { useFormat } from '../../../app/use-format.ts';
import { preferences } from '../../../app/session.ts';
import { aimPublicCallsAt } from '../request-demo/public-tenant.ts';
import { preparationState } from './trial.ts';
import { queryKeyOf } from '../../../api/query-keys.ts';

export const preparationKey = (tenant: string) => queryKeyOf(endpoints.registrationProgress, tenant);

/** The preparation progress of the new organisation (none for ''), asked again until it is done. */
export function usePreparation(tenant: string) {
  return useQuery({
    queryKey: preparationKey(tenant),
    queryFn: ({ signal }) => {
      aimPublicCallsAt(tenant);
      return call(endpoints.registrationProgress, { signal });
    },
    enabled: tenant !== '',
    meta: { silent: true },
    staleTime: 0,
    refetchInterval: (q) => (q.state.data ? preparationState(q.state.data).pollMs : 1000),
  });
}

/** The new account being prepared (roles, company unit, chart of accounts, welcome mail), then the way in. */
export function PreparationView({ tenant, username, progress }: { tenant: string; username: string; progress: ReturnType<typeof usePreparation> }) {
  const { t } = useTranslation();
  const f = useFormat();
  const navigate = useNavigate();

  const logIn = () => {
    // The login page signs in to the organisation chosen in the browser.
    preferences.setTenant(tenant);
    // The login form starts with the new account's username; only the password is left to type.
    navigate(LOGIN_ROUTE, { state: { username } });
  };

  if (!progress.data) {
    return (
      <Card className="preparation">
        {progress.error ? (
          <Result
            status="error"
            title={t('common.loadFailed')}
            subTitle={describeError(progress.error)}
            extra={<Button onClick={() => void progress.refetch()}>{t('common.retry')}</Button>}
          />
        ) : (
          <Progress percent={0} status="active" aria-label={t('trialSignup.preparingTitle')} />
        )}
      </Card>
    );
  }

  const state = preparationState(progress.data);
  const facts = (
    <dl className="preparation__facts">
      <div>
        <dt className="visually-hidden">{t('trialSignup.organisationCode')}</dt>
        <dd>
          {t('trialSignup.organisationCode')}: <strong data-testid="new-tenant">{tenant}</strong>
        </dd>
      </div>
      <div>
        <dt className="visually-hidden">{t('trialSignup.username')}</dt>
        <dd>
          {t('trialSignup.username')}: <strong>{username}</strong>
        </dd>
      </div>
    </dl>
  );

  return (
    <Card className="preparation">
      {state.finished ? (
        <Result
          status="success"
          title={t('trialSignup.readyTitle')}
          subTitle={t('trialSignup.readyText', { limit: f.number(FREE_TRANSACTION_LIMIT) })}
          extra={
            <Button type="primary" size="large" icon={<LoginOutlined />} onClick={logIn} autoFocus>
              {t('trialSignup.logIn', { tenant })}
            </Button>
          }
        />
      ) : (
        <>
          {state.failed && (
            <Alert
              className="form-alert"
              type="warning"
              showIcon
              title={t('trialSignup.preparationStalledTitle')}
              description={t('trialSignup.preparationStalledText')}
            />
          )}
          <Progress percent={state.percent} status={state.failed ? 'exception' : 'active'} aria-label={t('trialSignup.preparingTitle')} />
        </>
      )}
      <ul className="preparation__steps" aria-live="polite" aria-label={t('trialSignup.stepsLabel')}>
        {progress.data.steps.map((step) => {
          const running = step.name === state.current && !state.failed;
          return (
            <li key={step.name} className={`preparation__step ${step.done ? 'preparation__step--done' : 'preparation__step--waiting'}`} data-done={step.done}>
              {step.done ? <CheckCircleFilled aria-hidden /> : running ? <LoadingOutlined aria-hidden /> : <ClockCircleOutlined aria-hidden />}
              <span>{t(`trialSignup.prepStep.${step.name}`, { defaultValue: step.name })}</span>
              <span className="visually-hidden">
                {step.done ? t('trialSignup.stepDone') : running ? t('trialSignup.stepRunning') : t('trialSignup.stepWaiting')}
              </span>
            </li>
          );
        })}
      </ul>
      {facts}
      <p className="public-flow__hint">{t('trialSignup.freeExplained', { limit: f.number(FREE_TRANSACTION_LIMIT) })}</p>
    </Card>
  );
}
