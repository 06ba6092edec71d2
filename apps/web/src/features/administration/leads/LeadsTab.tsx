import { useState } from 'react';
import { Button, DatePicker, Input, Select, Table, Tag, Tooltip } from 'antd';
import { DownloadOutlined, EyeOutlined, EditOutlined, SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  LEAD_PACKAGE_CODES,
  LEAD_PRODUCTS,
  LEAD_SORT,
  LEAD_STATUSES,
  endpoints,
  type Lead,
  type LeadPackage,
  type LeadProduct,
  type LeadStatus,
} from '@nusa/contracts';
import { call, callFile, saveBlob } from '../../../api/call.ts';
import { useServerSort, type SortableColumn } from '../../../app/components/list-sort.ts';
import { toast } from '../../../app/feedback.tsx';
import { useLanguage } from '../../../i18n/index.ts';
import { useDebounced, usePaging } from '../../configuration/access/common.tsx';
import { formatRupiah, hasLeadFilter, leadFilterQuery, type LeadFilterState } from './lead-rules.ts';
import { LeadStatusTag, PaymentStatusTag, TableEmpty, useDateFormat } from './labels.tsx';
import { LeadDrawer } from './LeadDrawer.tsx';

export const LEADS_QUERY_KEY = ['admin', 'leads'] as const;

export function LeadsTab({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const dates = useDateFormat();
  const paging = usePaging();
  const sorting = useServerSort<Lead, (typeof LEAD_SORT)[number]>(LEAD_SORT, paging.reset);
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<LeadStatus | undefined>();
  const [product, setProduct] = useState<LeadProduct | undefined>();
  const [pkg, setPkg] = useState<LeadPackage | undefined>();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const filter: LeadFilterState = {
    keyword: useDebounced(keyword),
    status,
    product,
    package: pkg,
    dateFrom: range?.[0]?.format('YYYY-MM-DD'),
    dateTo: range?.[1]?.format('YYYY-MM-DD'),
  };
  const query = { ...leadFilterQuery(filter), sort: sorting.sort };

  const list = useQuery({
    queryKey: [...LEADS_QUERY_KEY, 'list', query, paging.page, paging.pageSize],
    queryFn: ({ signal }) => call(endpoints.listLeads, { query: { ...query, page: paging.page, limit: paging.pageSize }, signal }),
    placeholderData: keepPreviousData,
  });
  // The export is of exactly the filter the list shows now, all pages.
  const exportFile = useMutation({
    mutationFn: () => callFile(endpoints.exportLeads, { query: { ...query, lang: language } }),
    onSuccess: (blob) => {
      saveBlob(blob, `leads-${dayjs().format('YYYYMMDD-HHmmss')}.xlsx`);
      toast.success(t('adminLeads.exported'));
    },
  });
  const changed = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    paging.reset();
  };

  const columns: SortableColumn<Lead>[] = [
    { title: t('adminLeads.date'), dataIndex: 'createdAt', sortKey: 'date', width: 140, render: (at: string) => <span className="nowrap">{dates.dateTime(at)}</span> },
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
          <span>{t(`adminLeads.products.${l.product}`)}</span>
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
          <span className="amount-text">{formatRupiah(l.amount)}</span>
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
      title: t('accessCommon.actions'),
      key: 'actions',
      width: 64,
      render: (_: unknown, l) => (
        <Tooltip title={canEdit ? t('accessCommon.edit') : t('adminLeads.detail')}>
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
    <div className="page-card list-card">
      <div className="list-toolbar">
        <Input
          allowClear
          autoFocus
          prefix={<SearchOutlined />}
          placeholder={t('adminLeads.searchPlaceholder')}
          aria-label={t('accessCommon.search')}
          value={keyword}
          onChange={(e) => changed(setKeyword)(e.target.value)}
          className="list-toolbar__search manage-leads__search"
        />
        <Select<LeadStatus>
          allowClear
          placeholder={t('adminLeads.allStatuses')}
          aria-label={t('adminLeads.filterStatus')}
          value={status}
          onChange={changed(setStatus)}
          style={{ width: 180 }}
          options={LEAD_STATUSES.map((s) => ({ value: s, label: t(`adminLeads.statuses.${s}`) }))}
        />
        <Select<LeadProduct>
          allowClear
          placeholder={t('adminLeads.allProducts')}
          aria-label={t('adminLeads.filterProduct')}
          value={product}
          onChange={changed(setProduct)}
          style={{ width: 200 }}
          options={LEAD_PRODUCTS.map((p) => ({ value: p, label: t(`adminLeads.products.${p}`) }))}
        />
        <Select<LeadPackage>
          allowClear
          placeholder={t('adminLeads.allPackages')}
          aria-label={t('adminLeads.filterPackage')}
          value={pkg}
          onChange={changed(setPkg)}
          style={{ width: 160 }}
          options={LEAD_PACKAGE_CODES.map((p) => ({ value: p, label: t(`adminLeads.packages.${p}`) }))}
        />
        <DatePicker.RangePicker
          value={range}
          format="DD/MM/YYYY"
          allowEmpty={[true, true]}
          placeholder={[t('adminLeads.dateFrom'), t('adminLeads.dateTo')]}
          onChange={changed(setRange)}
        />
        <Button
          className="manage-leads__toolbar-end"
          icon={<DownloadOutlined />}
          loading={exportFile.isPending}
          disabled={!list.data?.total}
          onClick={() => exportFile.mutate()}
        >
          {t('adminLeads.export')}
        </Button>
      </div>
      <Table<Lead>
        rowKey="leadId"
        size="middle"
        columns={sorting.columns(columns)}
        onChange={sorting.onChange}
        dataSource={list.data?.items}
        loading={list.isFetching}
        pagination={paging.pagination(list.data?.total ?? 0, t)}
        scroll={{ x: 1040 }}
        onRow={(l) => ({ onDoubleClick: () => setOpenId(l.leadId) })}
        locale={{
          emptyText: <TableEmpty failed={list.isError} filtered={hasLeadFilter(filter)} emptyText={t('adminLeads.empty')} onRetry={() => void list.refetch()} />,
        }}
      />
      {openId && <LeadDrawer leadId={openId} canEdit={canEdit} onClose={() => setOpenId(null)} />}
    </div>
  );
}
