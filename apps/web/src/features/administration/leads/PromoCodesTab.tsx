import { useState } from 'react';
import { Button, Space, Tag, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PROMO_SORT, endpoints, type PromoCode } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { ListPage, ListTable, ListToolbar, useListState, type SortableColumn } from '../../../app/components/list/index.ts';
import { toast } from '../../../app/feedback.tsx';
import { useFormat } from '../../../app/use-format.ts';
import { PROMO_STATE_COLORS, formatDiscount, promoState, todayInJakarta } from './promo-rules.ts';

import { PromoCodeDrawer } from './PromoCodeDrawer.tsx';
import { useConfirmDanger } from '../../../app/components/confirm-danger.ts';
import { queryKeyOf, resourceKeyOf } from '../../../api/query-keys.ts';

export const PROMO_QUERY_KEY = resourceKeyOf(endpoints.listPromoCodes);

type Editing = { mode: 'create' } | { mode: 'edit'; promo: PromoCode };

export function PromoCodesTab({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const f = useFormat();
  const confirmDanger = useConfirmDanger();
  const queryClient = useQueryClient();
  const list = useListState<PromoCode, Record<never, never>, (typeof PROMO_SORT)[number]>({ sortable: PROMO_SORT });
  const [editing, setEditing] = useState<Editing | null>(null);
  const today = todayInJakarta();

  const promos = useQuery({
    queryKey: queryKeyOf(endpoints.listPromoCodes, list.query),
    queryFn: ({ signal }) => call(endpoints.listPromoCodes, { query: list.query, signal }),
    placeholderData: keepPreviousData,
  });
  list.settle(promos.data, promos.isFetching);
  const remove = useMutation({
    mutationFn: (p: PromoCode) => call(endpoints.deletePromoCode, { params: { promoId: p.promoId } }),
    onSuccess: (_d, p) => {
      toast.success(t('adminPromo.deleted', { code: p.code }));
      void queryClient.invalidateQueries({ queryKey: PROMO_QUERY_KEY });
    },
  });
  const askDelete = (p: PromoCode) =>
    confirmDanger({
      title: t('adminPromo.deleteTitle', { code: p.code }),
      content: t('adminPromo.deleteConfirm'),
      okText: t('adminPromo.delete'),
      onOk: () => remove.mutateAsync(p).catch(() => undefined),
    });

  const period = (p: PromoCode) => {
    if (p.startsOn && p.endsOn) return `${f.date(p.startsOn)} – ${f.date(p.endsOn)}`;
    if (p.startsOn) return t('adminPromo.from', { date: f.date(p.startsOn) });
    if (p.endsOn) return t('adminPromo.until', { date: f.date(p.endsOn) });
    return <span className="muted-text">{t('adminPromo.always')}</span>;
  };

  const columns: SortableColumn<PromoCode>[] = [
    {
      title: t('adminPromo.code'),
      dataIndex: 'code',
      sortKey: 'code',
      render: (code: string, p) => (
        <div className="cell-stack">
          <span className="code-text">{code}</span>
          {p.description && <span className="muted-text">{p.description}</span>}
        </div>
      ),
    },
    {
      title: t('adminPromo.discount'),
      key: 'discount',
      align: 'right',
      width: 140,
      render: (_: unknown, p) => <span className="amount-text">{formatDiscount(p, (v) => f.money(v))}</span>,
    },
    { title: t('adminPromo.period'), key: 'period', sortKey: 'period', render: (_: unknown, p) => <span className="nowrap">{period(p)}</span> },
    {
      title: t('adminPromo.channels'),
      dataIndex: 'channels',
      responsive: ['lg'],
      render: (channels: PromoCode['channels']) =>
        channels.length === 0 ? (
          <span className="muted-text nowrap">{t('adminPromo.allChannels')}</span>
        ) : (
          <Space size={[4, 4]} wrap>
            {channels.map((c) => (
              <Tag key={c}>{t(`adminLeads.channels.${c}`)}</Tag>
            ))}
          </Space>
        ),
    },
    {
      title: t('adminPromo.segments'),
      dataIndex: 'segments',
      responsive: ['lg'],
      render: (segments: PromoCode['segments']) =>
        segments.length === 0 ? (
          <span className="muted-text nowrap">{t('adminPromo.allSegments')}</span>
        ) : (
          <Space size={[4, 4]} wrap>
            {segments.map((s) => (
              <Tag key={s}>{t(`adminPromo.segmentNames.${s}`)}</Tag>
            ))}
          </Space>
        ),
    },
    {
      title: t('adminPromo.state'),
      key: 'state',
      width: 130,
      render: (_: unknown, p) => {
        const state = promoState(p, today);
        return <Tag color={PROMO_STATE_COLORS[state]}>{t(`adminPromo.states.${state}`)}</Tag>;
      },
    },
    ...(canEdit
      ? [
          {
            title: t('listKit.actions'),
            key: 'actions',
            width: 100,
            render: (_: unknown, p: PromoCode) => (
              <Space size={2} className="row-actions">
                <Tooltip title={t('listKit.edit')}>
                  <Button
                    type="text"
                    icon={<EditOutlined />}
                    aria-label={t('adminPromo.editOf', { code: p.code })}
                    onClick={() => setEditing({ mode: 'edit', promo: p })}
                  />
                </Tooltip>
                <Tooltip title={t('adminPromo.delete')}>
                  <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('adminPromo.deleteOf', { code: p.code })} onClick={() => askDelete(p)} />
                </Tooltip>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <ListPage title={t('adminLeads.tabPromo')} embedded>
      <ListToolbar
        keyword={list.keyword}
        onKeyword={list.setKeyword}
        searchPlaceholder={t('adminPromo.searchPlaceholder')}
        actions={
          canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'create' })}>
              {t('adminPromo.add')}
            </Button>
          )
        }
      />
      <ListTable<PromoCode>
        state={list}
        rowKey={(p) => p.promoId}
        columns={columns}
        data={promos.data}
        loading={promos.isFetching}
        failed={promos.isError}
        onRetry={() => void promos.refetch()}
        emptyText={t('adminPromo.empty')}
        label={t('adminLeads.tabPromo')}
      />
      {editing && <PromoCodeDrawer promo={editing.mode === 'edit' ? editing.promo : undefined} onClose={() => setEditing(null)} />}
    </ListPage>
  );
}
