import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HOME_ROUTE } from '@nusa/contracts';

/** Spec 2: shown inside the layout when the user holds none of the page's tasks. */
export function PermissionDeniedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="page-card page-card--centered">
      <Result
        status="403"
        title={<h1 className="result-title">{t('denied.message')}</h1>}
        subTitle={t('denied.hint')}
        extra={
          <Button type="primary" onClick={() => navigate(HOME_ROUTE)}>
            {t('common.backToDashboard')}
          </Button>
        }
      />
    </div>
  );
}
