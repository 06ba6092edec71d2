import { useEffect, type ReactNode } from 'react';
import { Steps } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LANDING_ROUTE } from '@nusa/contracts';
import { useProductName } from '../../../app/app-config.ts';
import { BrandMark } from '../../../app/components/BrandMark.tsx';
import { LanguageSwitch } from '../../../app/components/LanguageSwitch.tsx';
import type { StepStatus } from './flow.ts';
import './public-flow.css';

interface PublicShellProps {
  title: string;
  subtitle?: string;
  /** The request-a-demo stepper: which step and how it stands. */
  stepper?: { current: number; status: StepStatus };
  children: ReactNode;
}

/** The frame of the public request-a-demo and free-trial pages: brand, language switch, title, stepper. */
export function PublicShell({ title, subtitle, stepper, children }: PublicShellProps) {
  const { t } = useTranslation();
  const productName = useProductName();
  const year = new Date().getFullYear();

  // The router scrolls up on a new path; a step change on the same path (after registering) does too.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [title]);

  return (
    <div className="public-flow">
      <header className="public-flow__bar">
        <div className="public-flow__container public-flow__bar-inner">
          <Link to={LANDING_ROUTE} className="public-flow__brand" aria-label={t('onboarding.backHome', { product: productName })}>
            <BrandMark name={productName} size={30} />
          </Link>
          <LanguageSwitch />
        </div>
      </header>
      <main className="public-flow__container public-flow__main">
        <div className="public-flow__head">
          <h1 className="public-flow__title">{title}</h1>
          {subtitle && <p className="public-flow__subtitle">{subtitle}</p>}
        </div>
        {stepper && (
          <Steps
            className="public-flow__steps"
            current={stepper.current}
            status={stepper.status}
            responsive
            items={[{ title: t('demoRequest.stepRequest') }, { title: t('demoRequest.stepPayment') }, { title: t('demoRequest.stepComplete') }]}
          />
        )}
        {children}
      </main>
      <footer className="public-flow__footer">
        <div className="public-flow__container">{t('onboarding.footer', { year, product: productName })}</div>
      </footer>
    </div>
  );
}
