import { Alert, Button, Card, Result, Skeleton } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/call.ts';
import { describeError } from '../../../app/feedback.tsx';
import { REQUEST_DEMO_PATH } from './flow.ts';

/** The address names no request (or one the server does not know): the way back to the form. */
export function RequestMissing() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Card>
      <Result
        status="404"
        title={t('demoRequest.missingTitle')}
        subTitle={t('demoRequest.missingText')}
        extra={
          <Button type="primary" onClick={() => navigate(REQUEST_DEMO_PATH)}>
            {t('demoRequest.missingAction')}
          </Button>
        }
      />
    </Card>
  );
}

/** Loading, failure and mismatched-session states shared by the payment and completion pages. */
export function RequestLoadState({ error, conflict, onRetry }: { error: unknown; conflict?: string; onRetry: () => void }) {
  const { t } = useTranslation();
  if (conflict) {
    return <Alert type="warning" showIcon title={t('demoRequest.otherSessionTitle')} description={t('demoRequest.otherSessionText', { tenant: conflict })} />;
  }
  if (error instanceof ApiError && (error.code === 'lead_not_found' || error.status === 404)) return <RequestMissing />;
  if (error) {
    return (
      <Card>
        <Result
          status="error"
          title={t('common.loadFailed')}
          subTitle={describeError(error)}
          extra={
            <Button type="primary" onClick={onRetry}>
              {t('common.retry')}
            </Button>
          }
        />
      </Card>
    );
  }
  return (
    <Card aria-busy="true">
      <Skeleton active paragraph={{ rows: 6 }} />
    </Card>
  );
}
