import type { ReactNode } from 'react';
import { Button } from 'antd';
import {
  CalculatorOutlined,
  ArrowRightOutlined,
  BulbOutlined,
  CameraOutlined,
  CheckOutlined,
  CustomerServiceOutlined,
  LineChartOutlined,
} from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HOME_ROUTE, LOGIN_ROUTE } from '@nusa/contracts';
import { useProductName } from '../../app/app-config.ts';
import { BrandMark } from '../../app/components/BrandMark.tsx';
import { LanguageSwitch } from '../../app/components/LanguageSwitch.tsx';
import { useSession } from '../../app/session.ts';

interface Feature {
  key: string;
  icon: ReactNode;
  title: string;
  text: string;
}

/** The public product page (spec 1): what Nusa offers, in Indonesian and English, and the way in. */
export default function LandingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const productName = useProductName();
  const session = useSession();
  const enter = () => navigate(session ? HOME_ROUTE : LOGIN_ROUTE);
  const year = new Date().getFullYear();

  const features: Feature[] = [
    { key: 'chatbot', icon: <CustomerServiceOutlined />, title: t('landing.chatbotTitle'), text: t('landing.chatbotText') },
    { key: 'analysis', icon: <LineChartOutlined />, title: t('landing.analysisTitle'), text: t('landing.analysisText') },
    { key: 'photo', icon: <CameraOutlined />, title: t('landing.photoTitle'), text: t('landing.photoText') },
    { key: 'prompt', icon: <BulbOutlined />, title: t('landing.promptTitle'), text: t('landing.promptText') },
    { key: 'erp', icon: <CalculatorOutlined />, title: t('landing.erpTitle'), text: t('landing.erpText') },
  ];

  return (
    <div className="landing">
      <header className="landing__bar">
        <div className="landing__container landing__bar-inner">
          <BrandMark name={productName} size={32} />
          <nav className="landing__nav" aria-label={productName}>
            <a href="#features" className="landing__nav-link">
              {t('landing.navFeatures')}
            </a>
            <LanguageSwitch />
            <Button type="primary" onClick={enter}>
              {session ? t('landing.navOpenApp') : t('landing.navLogin')}
            </Button>
          </nav>
        </div>
      </header>

      <main>
        <section className="landing__hero">
          <div className="landing__container landing__hero-inner">
            <div className="landing__hero-text">
              <p className="landing__eyebrow">{t('landing.heroEyebrow')}</p>
              <h1 className="landing__title">{t('landing.heroTitle')}</h1>
              <p className="landing__subtitle">{t('landing.heroSubtitle')}</p>
              <div className="landing__actions">
                <Button type="primary" size="large" onClick={enter} icon={<ArrowRightOutlined />} iconPlacement="end">
                  {session ? t('landing.navOpenApp') : t('landing.heroPrimary')}
                </Button>
                <Button size="large" href="#features" className="landing__ghost">
                  {t('landing.heroSecondary')}
                </Button>
              </div>
            </div>
            <div className="landing__panel" aria-hidden="true">
              <p className="landing__panel-title">{t('landing.panelTitle')}</p>
              <ul className="landing__panel-list">
                {features.map((f) => (
                  <li key={f.key}>
                    <span className="landing__panel-icon">{f.icon}</span>
                    <span>{f.title}</span>
                    <CheckOutlined className="landing__panel-check" />
                  </li>
                ))}
              </ul>
              <p className="landing__panel-foot">{t('landing.panelFoot')}</p>
            </div>
          </div>
        </section>

        <section id="features" className="landing__features" aria-labelledby="features-title">
          <div className="landing__container">
            <h2 id="features-title" className="landing__section-title">
              {t('landing.featuresTitle')}
            </h2>
            <p className="landing__section-text">{t('landing.featuresSubtitle')}</p>
            <ul className="landing__grid">
              {features.map((f) => (
                <li key={f.key} className={`landing__feature landing__feature--${f.key}`}>
                  <span className="landing__feature-icon" aria-hidden>
                    {f.icon}
                  </span>
                  <h3 className="landing__feature-title">{f.title}</h3>
                  <p className="landing__feature-text">{f.text}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section className="landing__cta">
          <div className="landing__container landing__cta-inner">
            <div>
              <h2 className="landing__cta-title">{t('landing.ctaTitle')}</h2>
              <p className="landing__cta-text">{t('landing.ctaText')}</p>
            </div>
            <Button type="primary" size="large" onClick={enter}>
              {session ? t('landing.navOpenApp') : t('landing.ctaButton')}
            </Button>
          </div>
        </section>
      </main>

      <footer className="landing__footer">
        <div className="landing__container">{t('landing.footer', { year })}</div>
      </footer>
    </div>
  );
}
