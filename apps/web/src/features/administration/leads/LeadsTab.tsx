import { useState } from 'react';
import { Button, DatePicker, Select, Tag, Tooltip } from 'antd';
import { DownloadOutlined, EyeOutlined, EditOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n/index.ts';
import {
  LEAD_PACKAGE_CODES,
  LEAD_PRODUCTS,
  LEAD_SORT,
  LEAD_STATUSES,
  endpoints,
  type Lead,
  type LeadPackage,
  type LeadProduct,
  leadProductName,
  type LeadStatus,
} from '@nusa/contracts';
import { call, callFile, saveBlob } from '../../../api/call.ts';
import { ListPage, ListTable, ListToolbar, useListState, type SortableColumn } from '../../../app/components/list/index.ts';
import { toast } from '../../../app/feedback.tsx';
import { useLanguage } from '../../../i18n/index.ts';
import { leadFilterQuery } from './lead-rules.ts';
import { useFormat } from '../../../app/use-format.ts';
import { LeadStatusTag, PaymentStatusTag } from './labels.tsx';
import { LeadDrawer } from './LeadDrawer.tsx';
import { queryKeyOf } from '../../../api/query-keys.ts';

interface LeadListFilters {
  status?: LeadStatus;
  product?: LeadProduct;
  package?: LeadPackage;
  range?: [Dayjs | null, Dayjs | null] | null;
}

export function LeadsTab({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const f = useFormat();
  const language = useLanguage();
  const list = useListState<Lead, LeadListFilters, (typeof LEAD_SORT)[number]>({ filters: {}, sortable: LEAD_SORT });
  const [openId, setOpenId] = useState<string | null>(null);
  const { range, ...chosen } = list.filters;
  const query = {
    ...leadFilterQuery({ keyword: list.search, ...chosen, dateFrom: range?.[0]?.format('YYYY-MM-DD'), dateTo: range?.[1]?.format('YYYY-MM-DD') }),
    sort: list.sort,
  };

  const leads = useQuery({
    queryKey: queryKeyOf(endpoints.listLeads, query, list.page, list.pageSize),
    queryFn: ({ signal }) => call(endpoints.listLeads, { query: { ...query, page: list.page, limit: list.pageSize }, signal }),
    placeholderData: keepPreviousData,
  });
  list.settle(leads.data, leads.isFetching);
  // The export is of exactly the filter the list shows now, all pages.
  const exportFile = useMutation({
    mutationFn: () => callFile(endpoints.exportLeads, { query: { ...query, lang: language } }),
    onSuccess: (blob) => {
      saveBlob(blob, `leads-${dayjs().format('YYYYMMDD-HHmmss')}.xlsx`);
      toast.success(t('adminLeads.exported'));
    },
  });

  const columns: SortableColumn<Lead>[] = [
    {
      title: t('adminLeads.date'),
      dataIndex: 'createdAt',
      sortKey: 'date',
      width: 140,
      render: (at: string) => <span className="nowrap">{f.dateTime(at)}</span>,
    },
    {
      title: t('adminLeads.contact'),
      key: 'contact',
      sortKey: 'contact',
      render: (_: unknown, l) => (
        <div className="cell-stack">
          <strong>{l.contactName}</strong>
          <span className="muted-text">{l.email}</span>
        </div>
      ),
    },
    {
      title: t('adminLeads.company'),
      key: 'company',
      sortKey: 'company',
      width: 180,
      responsive: ['lg'],
      render: (_: unknown, l) => (
        <div className="cell-stack">
          <span>{l.company}</span>
          <span className="muted-text">{t(`adminLeads.sizes.${l.companySize}`)}</span>
        </div>
      ),
    },
    {
      title: t('adminLeads.product'),
      key: 'product',
      sortKey: 'product',
      width: 140,
      render: (_: unknown, l) => (
        <div className="cell-stack">
          <span>{leadProductName(l.product, i18n.language)}</span>
          <span className="muted-text">{t(`adminLeads.packages.${l.package}`)}</span>
        </div>
      ),
    },
    {
      title: t('adminLeads.amount'),
      key: 'amount',
      sortKey: 'amount',
      align: 'right',
      width: 140,
      render: (_: unknown, l) => (
        <div className="cell-stack">
          <span className="amount-text">{f.money(l.amount)}</span>
          {l.promoCode && (
            <span>
              <Tag className="code-text">{l.promoCode}</Tag>
            </span>
          )}
        </div>
      ),
    },
    { title: t('adminLeads.status'), dataIndex: 'status', sortKey: 'status', width: 130, render: (s: LeadStatus) => <LeadStatusTag status={s} /> },
    {
      title: t('adminLeads.payment'),
      key: 'payment',
      width: 140,
      responsive: ['md'],
      render: (_: unknown, l) => (l.payment ? <PaymentStatusTag status={l.payment.status} /> : <span className="muted-text">—</span>),
    },
    {
      title: t('listKit.actions'),
      key: 'actions',
      width: 64,
      render: (_: unknown, l) => (
        <Tooltip title={canEdit ? t('listKit.edit') : t('adminLeads.detail')}>
          <Button
            type="text"
            icon={canEdit ? <EditOutlined /> : <EyeOutlined />}
            aria-label={t('adminLeads.open', { name: l.contactName })}
            onClick={() => setOpenId(l.leadId)}
          />
        </Tooltip>
      ),
    },
  ];

  return (
    <ListPage title={t('adminLeads.tabLeads')} embedded>
      <ListToolbar
        keyword={list.keyword}
        onKeyword={list.setKeyword}
        searchPlaceholder={t('adminLeads.searchPlaceholder')}
        autoFocus
        actions={
          <Button icon={<DownloadOutlined />} loading={exportFile.isPending} disabled={!leads.data?.total} onClick={() => exportFile.mutate()}>
            {t('adminLeads.export')}
          </Button>
        }
      >
        <Select<LeadStatus>
          allowClear
          placeholder={t('adminLeads.allStatuses')}
          aria-label={t('adminLeads.filterStatus')}
          value={list.filters.status}
          onChange={(status) => list.setFilter('status', status)}
          className="list-toolbar__filter"
          options={LEAD_STATUSES.map((s) => ({ value: s, label: t(`adminLeads.statuses.${s}`) }))}
        />
        <Select<LeadProduct>
          allowClear
          placeholder={t('adminLeads.allProducts')}
          aria-label={t('adminLeads.filterProduct')}
          value={list.filters.product}
          onChange={(product) => list.setFilter('product', product)}
          className="list-toolbar__filter"
          options={LEAD_PRODUCTS.map((p) => ({ value: p, label: leadProductName(p, i18n.language) }))}
        />
        <Select<LeadPackage>
          allowClear
          placeholder={t('adminLeads.allPackages')}
          aria-label={t('adminLeads.filterPackage')}
          value={list.filters.package}
          onChange={(pkg) => list.setFilter('package', pkg)}
          className="list-toolbar__filter manage-leads__package"
          options={LEAD_PACKAGE_CODES.map((p) => ({ value: p, label: t(`adminLeads.packages.${p}`) }))}
        />
        <DatePicker.RangePicker
          value={list.filters.range}
          format="DD/MM/YYYY"
          allowEmpty={[true, true]}
          placeholder={[t('adminLeads.dateFrom'), t('adminLeads.dateTo')]}
          onChange={(range) => list.setFilter('range', range)}
        />
      </ListToolbar>
      <ListTable<Lead>
        state={list}
        rowKey={(l) => l.leadId}
        columns={columns}
        data={leads.data}
        loading={leads.isFetching}
        failed={leads.isError}
        onRetry={() => void leads.refetch()}
        emptyText={t('adminLeads.empty')}
        scrollX={1040}
        onOpen={(l) => setOpenId(l.leadId)}
        label={t('adminLeads.tabLeads')}
      />
      {openId && <LeadDrawer leadId={openId} canEdit={canEdit} onClose={() => setOpenId(null)} />}
    </ListPage>
  );
}
