import { Alert, Button, Card } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HOME_ROUTE } from '@nusa/contracts';
import { isTenantCode } from '../../../app/tenant.ts';
import { useSession } from '../../../app/session.ts';
import { PublicShell } from '../request-demo/PublicShell.tsx';
import { aimPublicCallsAt } from '../request-demo/public-tenant.ts';
import { PreparationView, preparationKey, usePreparation } from './PreparationView.tsx';
import { preparationState } from './trial.ts';
import { RegistrationForm } from './RegistrationForm.tsx';

/**
 * Registration with a free trial (public): the form, then the new account's preparation. The new organisation and
 * username go into the address, so the preparation view survives a reload.
 */
export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const session = useSession();
  const [query, setQuery] = useSearchParams();
  const tenant = query.get('tenant')?.trim().toLowerCase() ?? '';
  const username = query.get('username') ?? '';
  const registered = isTenantCode(tenant) && username !== '';
  const progress = usePreparation(registered && !session ? tenant : '');
  const ready = progress.data ? preparationState(progress.data).finished : false;

  if (session) {
    return (
      <PublicShell title={t('trialSignup.title')} subtitle={t('trialSignup.subtitle')}>
        <Card>
          <Alert
            type="info"
            showIcon
            title={t('trialSignup.signedInTitle')}
            description={t('trialSignup.signedInText', { tenant: session.xTenantDefault })}
            action={
              <Button type="primary" onClick={() => navigate(HOME_ROUTE)}>
                {t('trialSignup.openApp')}
              </Button>
            }
          />
        </Card>
      </PublicShell>
    );
  }

  if (registered) {
    return (
      <PublicShell
        title={ready ? t('trialSignup.readyPageTitle') : t('trialSignup.preparingTitle')}
        subtitle={ready ? undefined : t('trialSignup.preparingSubtitle')}
      >
        <PreparationView tenant={tenant} username={username} progress={progress} />
      </PublicShell>
    );
  }

  return (
    <PublicShell title={t('trialSignup.title')} subtitle={t('trialSignup.subtitle')}>
      <RegistrationForm
        onRegistered={(result) => {
          // From now on public calls (the progress, then the login) go to the new organisation.
          aimPublicCallsAt(result.tenantCode);
          client.setQueryData(preparationKey(result.tenantCode), result.progress);
          setQuery({ tenant: result.tenantCode, username: result.username }, { replace: true });
        }}
      />
    </PublicShell>
  );
}
