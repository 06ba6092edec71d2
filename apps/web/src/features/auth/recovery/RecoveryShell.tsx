import type { ReactNode } from 'react';
import { ArrowLeftOutlined, CheckCircleOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LOGIN_ROUTE } from '@nusa/contracts';
import { useProductName } from '../../../app/app-config.ts';
import { BrandMark } from '../../../app/components/BrandMark.tsx';
import { LanguageSwitch } from '../../../app/components/LanguageSwitch.tsx';

/** The login page's frame (brand panel, language switch, one card) around the forgot and reset screens. */
export function RecoveryShell({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
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
          <Link to={LOGIN_ROUTE} className="auth-main__back">
            <ArrowLeftOutlined aria-hidden /> {t('recovery.backToLogin')}
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
