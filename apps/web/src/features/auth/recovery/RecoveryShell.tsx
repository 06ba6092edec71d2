import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LOGIN_ROUTE } from '@nusa/contracts';
import { AuthShell } from '../AuthShell.tsx';

/** The login page's frame around the forgot and reset screens, with the way back to the login. */
export function RecoveryShell({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <AuthShell title={title} subtitle={subtitle} back={{ to: LOGIN_ROUTE, label: t('recovery.backToLogin') }}>
      {children}
    </AuthShell>
  );
}
