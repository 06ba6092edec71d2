import type { ReactNode } from 'react';
import { Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../app/components/PageHeading.tsx';
import './reports.css';

/** A report page: heading with the export buttons, the filters, then the report (or its empty state). */
export function ReportPage(p: {
  title: string;
  subtitle: string;
  actions?: ReactNode;
  filters: ReactNode;
  loading: boolean;
  empty: boolean;
  emptyText?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="list-page">
      <PageHeading title={p.title} subtitle={p.subtitle}>
        {p.actions && <div className="list-page__actions">{p.actions}</div>}
      </PageHeading>
      <div className="page-card report-card">
        {p.filters}
        <div className="report-note">{t('reports.amountsIn')}</div>
        <Spin spinning={p.loading}>
          {p.empty && !p.loading ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={p.emptyText ?? t('reports.empty')} /> : p.children}
        </Spin>
      </div>
    </div>
  );
}
