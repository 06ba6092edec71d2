import type { ReactNode } from 'react';
import { ArrowLeftOutlined, CheckCircleOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useProductName } from '../../app/app-config.ts';
import { BrandMark } from '../../app/components/BrandMark.tsx';
import { LanguageSwitch } from '../../app/components/LanguageSwitch.tsx';

interface AuthShellProps {
  title: string;
  subtitle?: ReactNode;
  /** The way back shown above the card (the landing from login, login from the recovery screens). */
  back: { to: string; label: string };
  children: ReactNode;
}

/** The frame of the login and recovery screens: brand panel, language switch, one card. */
export function AuthShell({ title, subtitle, back, children }: AuthShellProps) {
  const { t } = useTranslation();
  const productName = useProductName();
  return (
    <div className="auth-page">
      <aside className="auth-brand">
        <div className="auth-brand__top">
          <BrandMark name={productName} inverted size={36} />
        </div>
        <div className="auth-brand__body">
          <h2 className="auth-brand__headline">{t('login.brandHeadline')}</h2>
          <ul className="auth-brand__points">
            {[t('login.brandPointErp'), t('login.brandPointAi'), t('login.brandPointTenant')].map((point) => (
              <li key={point}>
                <CheckCircleOutlined aria-hidden /> {point}
              </li>
            ))}
          </ul>
        </div>
        <div className="auth-brand__foot">{t('login.copyright', { year: new Date().getFullYear() })}</div>
      </aside>

      <main className="auth-main">
        <div className="auth-main__bar">
          <Link to={back.to} className="auth-main__back">
            <ArrowLeftOutlined aria-hidden /> {back.label}
          </Link>
          <LanguageSwitch />
        </div>
        <div className="auth-card">
          <div className="auth-card__mobile-brand">
            <BrandMark name={productName} size={32} />
          </div>
          <h1 className="auth-card__title">{title}</h1>
          {subtitle && <p className="auth-card__subtitle">{subtitle}</p>}
          {children}
        </div>
      </main>
    </div>
  );
}
