import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

export function PageLoading({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={fullScreen ? 'page-loading page-loading--full' : 'page-loading'} role="status" aria-live="polite">
      <Spin size="large" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}
