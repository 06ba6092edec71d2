import type { ReactNode } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../PageHeading.tsx';

export interface ListPageProps {
  title: string;
  subtitle?: string;
  /** The page's buttons (import, export, add): right of the title, under it on a phone. */
  actions?: ReactNode;
  /** Toolbar and table. */
  children: ReactNode;
  /** Inside a tab of a page: no heading of its own (put the buttons in the toolbar). */
  embedded?: boolean;
}

/** A list page: its heading with the buttons, and a card holding the toolbar and the rows. */
export function ListPage(p: ListPageProps) {
  const card = <div className={p.embedded ? 'list-card list-card--embedded' : 'page-card list-card'}>{p.children}</div>;
  if (p.embedded) return card;
  return (
    <div className="list-page">
      <PageHeading title={p.title} subtitle={p.subtitle}>
        {p.actions && <div className="list-page__actions">{p.actions}</div>}
      </PageHeading>
      {card}
    </div>
  );
}

/** A record's active flag as text, for users who may not change it. */
export function ActiveTag({ active }: { active: 'Y' | 'N' }) {
  const { t } = useTranslation();
  return active === 'Y' ? <Tag color="green">{t('listKit.active')}</Tag> : <Tag>{t('listKit.inactive')}</Tag>;
}
