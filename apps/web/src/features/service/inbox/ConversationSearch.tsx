import { useState } from 'react';
import { Input, Pagination, Select, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { endpoints, type InboxConversation } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { queryKeyOf } from '../../../api/query-keys.ts';
import { useServiceLabels } from './use-service-labels.ts';

const PAGE_SIZE = 25;

export interface ConversationSearchState {
  keyword: string;
  labelId?: string;
  page: number;
  set: (change: Partial<Pick<ConversationSearchState, 'keyword' | 'labelId' | 'page'>>) => void;
  /** A keyword or a label is given: the list shows the search's conversations instead of the live inbox. */
  active: boolean;
  items: InboxConversation[];
  total: number;
}

/** The inbox search (customer, message text, label), asked of the server a page at a time; live like the inbox. */
export function useConversationSearch(): ConversationSearchState {
  const [state, setState] = useState<{ keyword: string; labelId?: string; page: number }>({ keyword: '', page: 1 });
  const active = state.keyword.trim() !== '' || !!state.labelId;
  const query = { keyword: state.keyword.trim() || undefined, labelId: state.labelId, page: state.page, limit: PAGE_SIZE };
  const found = useQuery({
    queryKey: queryKeyOf(endpoints.searchInbox, query),
    queryFn: ({ signal }) => call(endpoints.searchInbox, { query, signal }),
    enabled: active,
    placeholderData: keepPreviousData,
  });
  return {
    ...state,
    set: (change) => setState((s) => ({ ...s, page: 1, ...change })),
    active,
    items: active ? (found.data?.items ?? []) : [],
    total: active ? (found.data?.total ?? 0) : 0,
  };
}

/** The search bar above the inbox list, and under it the count and pages of what it found. */
export function ConversationSearch({ search, position }: { search: ConversationSearchState; position: 'top' | 'bottom' }) {
  const { t } = useTranslation();
  const labels = useServiceLabels();
  if (position === 'bottom') {
    return search.active && search.total > PAGE_SIZE ? (
      <Pagination simple size="small" current={search.page} pageSize={PAGE_SIZE} total={search.total} onChange={(page) => search.set({ page })} />
    ) : null;
  }
  return (
    <div className="service-inbox__search" data-testid="inbox-search">
      <Input.Search
        allowClear
        aria-label={t('serviceLabels.search')}
        placeholder={t('serviceLabels.search')}
        maxLength={100}
        onSearch={(keyword) => search.set({ keyword })}
      />
      <Select
        allowClear
        aria-label={t('serviceLabels.filterLabel')}
        placeholder={t('serviceLabels.filterLabel')}
        style={{ width: '100%' }}
        value={search.labelId}
        onChange={(labelId?: string) => search.set({ labelId })}
        options={(labels.data?.items ?? []).map((l) => ({ value: l.id, label: l.name }))}
      />
      {search.active && (
        <Typography.Text type="secondary" data-testid="inbox-search-count">
          {search.total ? t('serviceLabels.results', { count: search.total }) : t('serviceLabels.noResults')}
        </Typography.Text>
      )}
    </div>
  );
}
