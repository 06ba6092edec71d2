import type { ReactNode } from 'react';
import { Input } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export interface ListToolbarProps {
  /** The keyword box: the typed value (useListState's keyword) and its setter. */
  keyword: string;
  onKeyword: (value: string) => void;
  searchPlaceholder: string;
  /** Focus the keyword box when the list opens. */
  autoFocus?: boolean;
  /** Filter controls after the keyword box (give them the `list-toolbar__filter` class). */
  children?: ReactNode;
  /** Buttons at the right end (import, export, add), for lists inside a tab that have no page heading. */
  actions?: ReactNode;
}

/** The row above a list: keyword search, filters and, inside a tab, the list's buttons. It wraps on narrow screens. */
export function ListToolbar(p: ListToolbarProps) {
  const { t } = useTranslation();
  return (
    <div className="list-toolbar">
      <Input
        allowClear
        autoFocus={p.autoFocus}
        prefix={<SearchOutlined />}
        placeholder={p.searchPlaceholder}
        aria-label={t('listKit.search')}
        value={p.keyword}
        onChange={(e) => p.onKeyword(e.target.value)}
        className="list-toolbar__search"
      />
      {p.children}
      {p.actions && <div className="list-toolbar__actions">{p.actions}</div>}
    </div>
  );
}
