import { Button, Result } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../app/components/BrandMark.tsx';
import { LanguageSwitch } from '../../app/components/LanguageSwitch.tsx';
import { useProductName } from '../../app/app-config.ts';

/** Spec 2: where unknown paths end up. "Back home" goes to the root, which leads to the right start page. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const productName = useProductName();
  return (
    <div className="plain-page">
      <header className="plain-page__header">
        <Link to="/" aria-label={productName}>
          <BrandMark name={productName} size={30} />
        </Link>
        <LanguageSwitch />
      </header>
      <main className="plain-page__main">
        <Result
          status="404"
          title={<h1 className="result-title result-title--large">404</h1>}
          subTitle={
            <>
              <p className="result-message">{t('notFound.message')}</p>
              <p className="result-hint">{t('notFound.hint')}</p>
            </>
          }
          extra={
            <Button type="primary" size="large" onClick={() => navigate('/')}>
              {t('common.backHome')}
            </Button>
          }
        />
      </main>
    </div>
  );
}
