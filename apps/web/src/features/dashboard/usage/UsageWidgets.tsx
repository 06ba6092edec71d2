import { useMemo, useState, type ReactNode } from 'react';
import { Button, Card, DatePicker, Empty, Progress, Segmented, Select, Skeleton } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { endpoints, type UsageDashboard } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { useFormat } from '../../../app/use-format.ts';
import { EChart } from '../../../app/components/EChart.tsx';
import { overTime, perModel, quotaGauge } from './usage-charts.ts';
import './usage.css';
import { queryKeyOf } from '../../../api/query-keys.ts';

type Widgets = UsageDashboard['widgets'];
type Range = [Dayjs, Dayjs];

const thisMonth = (): Range => [dayjs().startOf('month'), dayjs()];

function WidgetCard({
  id,
  title,
  figure,
  caption,
  children,
  empty,
  extra,
}: {
  id: keyof Widgets;
  title: string;
  figure?: ReactNode;
  caption?: ReactNode;
  children: ReactNode;
  empty?: string;
  extra?: ReactNode;
}) {
  return (
    <Card className="section-card usage-widget" size="small" title={title} extra={empty ? undefined : extra} data-testid={`usage-widget-${id}`}>
      {empty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<span className="usage-widget__empty">{empty}</span>} />
      ) : (
        <>
          {figure !== undefined && (
            <div className="usage-widget__figure">
              <span className="usage-widget__value" data-testid={`usage-figure-${id}`}>
                {figure}
              </span>
              {caption && <span className="usage-widget__caption">{caption}</span>}
            </div>
          )}
          {children}
        </>
      )}
    </Card>
  );
}

/**
 * The AI usage widgets of spec 6 under the greeting: a date range (this month by default) and a client filter, then
 * each widget the server answered, which is each widget whose task the user holds.
 */
export default function UsageWidgets() {
  const { t } = useTranslation();
  const f = useFormat();
  const [range, setRange] = useState<Range>(thisMonth);
  const [clientOuId, setClientOuId] = useState<string | undefined>();
  const [requestsBy, setRequestsBy] = useState<'daily' | 'monthly'>('daily');
  const from = range[0].format('YYYY-MM-DD');
  const to = range[1].format('YYYY-MM-DD');
  const usage = useQuery({
    queryKey: queryKeyOf(endpoints.usageDashboard, from, to, clientOuId),
    queryFn: ({ signal }) => call(endpoints.usageDashboard, { query: { from, to, clientOuId }, signal }),
    placeholderData: keepPreviousData,
  });
  const data = usage.data;
  const w = data?.widgets;
  const money = (v: string | number) => f.moneyRounded(v, data?.currency.code ?? 'IDR');
  const dayLabel = (d: string) => dayjs(d).locale(f.lang).format('D MMM');
  const monthLabel = (m: string) => f.month(m);
  const monthName = (m: string) => f.month(m, true);
  const model = (m: string) => m || t('usage.unknownModel');
  const duration = (seconds: number) => f.duration(seconds * 1000, t);
  const formatNumber = (v: number) => f.number(v);

  const charts = useMemo(() => {
    if (!w) return {};
    const days = (xs: { day: string }[]) => xs.map((x) => dayLabel(x.day));
    return {
      sessionsPerModel:
        w.sessionsPerModel &&
        perModel(
          w.sessionsPerModel.map((m) => model(m.model)),
          w.sessionsPerModel.map((m) => m.sessions),
          t('usage.series.sessions'),
          formatNumber,
        ),
      costPerModel:
        w.costPerModel &&
        perModel(
          w.costPerModel.map((m) => model(m.model)),
          w.costPerModel.map((m) => Number(m.cost)),
          t('usage.series.cost'),
          f.compact,
        ),
      chatCount:
        w.chatCount &&
        overTime(
          days(w.chatCount.days),
          [{ name: t('usage.series.chats'), kind: 'line', area: true, values: w.chatCount.days.map((d) => d.chats) }],
          formatNumber,
        ),
      newCustomers:
        w.newCustomers &&
        overTime(
          days(w.newCustomers.days),
          [
            { name: t('usage.series.customersTotal'), kind: 'line', area: true, values: w.newCustomers.days.map((d) => d.total) },
            { name: t('usage.series.customersAdded'), kind: 'bar', values: w.newCustomers.days.map((d) => d.added) },
          ],
          formatNumber,
        ),
      dailyChatDuration:
        w.dailyChatDuration &&
        overTime(
          days(w.dailyChatDuration.days),
          [{ name: t('usage.series.minutes'), kind: 'bar', values: w.dailyChatDuration.days.map((d) => Math.round(d.seconds / 6) / 10) }],
          formatNumber,
        ),
      monthlyChatDuration:
        w.monthlyChatDuration &&
        overTime(
          w.monthlyChatDuration.months.map((m) => monthLabel(m.month)),
          [{ name: t('usage.series.hours'), kind: 'bar', values: w.monthlyChatDuration.months.map((m) => Math.round(m.seconds / 360) / 10) }],
          formatNumber,
        ),
      imageCount:
        w.imageCount &&
        overTime(days(w.imageCount.days), [{ name: t('usage.series.images'), kind: 'bar', values: w.imageCount.days.map((d) => d.images) }], formatNumber),
      imageCost:
        w.imageCost &&
        overTime(
          days(w.imageCost.days),
          [{ name: t('usage.series.cost'), kind: 'line', area: true, values: w.imageCost.days.map((d) => Number(d.cost)) }],
          f.compact,
        ),
      requestsDaily:
        w.requests &&
        overTime(
          days(w.requests.days),
          [{ name: t('usage.series.requests'), kind: 'line', area: true, values: w.requests.days.map((d) => d.requests) }],
          formatNumber,
        ),
      requestsMonthly:
        w.requests &&
        overTime(
          w.requests.months.map((m) => monthLabel(m.month)),
          [{ name: t('usage.series.requests'), kind: 'bar', values: w.requests.months.map((m) => m.requests) }],
          formatNumber,
        ),
      quota: w.quota && quotaGauge(w.quota.requestsUsed, w.quota.requestLimit, t('usage.series.requests'), (v) => f.percent(v)),
    };
    // The labels follow the language; the figures follow the answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [w, f]);

  const lastMonth = w?.monthlyChatDuration?.months.at(-1);
  const quotaMonth = w?.quota ? monthName(w.quota.month) : '';

  return (
    <section className="usage-dashboard" aria-label={t('usage.title')}>
      <div className="usage-dashboard__bar">
        <div className="usage-dashboard__heading">
          <h2 className="usage-dashboard__title">{t('usage.title')}</h2>
          <span className="section-card__hint">{t('usage.hint')}</span>
        </div>
        <div className="usage-dashboard__filters" data-testid="usage-filters">
          <DatePicker.RangePicker
            value={range}
            format="DD/MM/YYYY"
            allowClear={false}
            aria-label={t('usage.range')}
            placeholder={[t('usage.from'), t('usage.to')]}
            onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
          />
          <Select
            className="usage-dashboard__client"
            allowClear
            value={clientOuId}
            placeholder={t('usage.allClients')}
            aria-label={t('usage.client')}
            options={(data?.clients ?? []).map((c) => ({ value: c.ouId, label: `${c.code} · ${c.name}` }))}
            onChange={(v?: string) => setClientOuId(v)}
          />
        </div>
      </div>

      {usage.isError && !data ? (
        <Card className="section-card">
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('usage.loadFailed')}>
            <Button onClick={() => void usage.refetch()} loading={usage.isFetching}>
              {t('common.retry')}
            </Button>
          </Empty>
        </Card>
      ) : !w ? (
        <Card className="section-card">
          <Skeleton active />
        </Card>
      ) : (
        <div className={`usage-grid${usage.isFetching ? ' usage-grid--loading' : ''}`}>
          {w.requests && (
            <WidgetCard
              id="requests"
              title={t('usage.widget.requests')}
              figure={formatNumber(w.requests.total)}
              caption={t('usage.figure.requests')}
              empty={w.requests.total === 0 && w.requests.months.every((m) => m.requests === 0) ? t('usage.empty.requests') : undefined}
              extra={
                <Segmented
                  size="small"
                  value={requestsBy}
                  onChange={(v) => setRequestsBy(v as 'daily' | 'monthly')}
                  options={[
                    { value: 'daily', label: t('usage.daily') },
                    { value: 'monthly', label: t('usage.monthly') },
                  ]}
                />
              }
            >
              <EChart option={(requestsBy === 'daily' ? charts.requestsDaily : charts.requestsMonthly)!} label={t('usage.widget.requests')} />
            </WidgetCard>
          )}
          {w.quota && (
            <WidgetCard
              id="quota"
              title={t('usage.widget.quota')}
              figure={`${formatNumber(w.quota.requestsUsed)} ${t('usage.ofLimit', { limit: formatNumber(w.quota.requestLimit) })}`}
              caption={t('usage.figure.requestsUsed', { month: quotaMonth })}
            >
              <EChart option={charts.quota!} height={180} label={t('usage.widget.quota')} />
              <div className="usage-quota__images">
                <span>
                  {t('usage.figure.imagesUsed', { month: quotaMonth })}: {formatNumber(w.quota.imagesUsed)}{' '}
                  {t('usage.ofLimit', { limit: formatNumber(w.quota.imageLimit) })}
                </span>
                <Progress
                  percent={w.quota.imageLimit ? Math.min(100, Math.round((w.quota.imagesUsed / w.quota.imageLimit) * 1000) / 10) : 100}
                  size="small"
                  status={w.quota.imagesUsed >= w.quota.imageLimit ? 'exception' : 'normal'}
                  format={() => t('usage.figure.quotaLeft', { left: formatNumber(Math.max(0, w.quota!.imageLimit - w.quota!.imagesUsed)) })}
                />
                {w.quota.refused > 0 && <span className="usage-quota__refused">{t('usage.figure.refused', { n: formatNumber(w.quota.refused) })}</span>}
              </div>
            </WidgetCard>
          )}
          {w.sessionsPerModel && (
            <WidgetCard
              id="sessionsPerModel"
              title={t('usage.widget.sessionsPerModel')}
              figure={formatNumber(w.sessionsPerModel.reduce((a, m) => a + m.sessions, 0))}
              caption={t('usage.series.sessions')}
              empty={w.sessionsPerModel.length === 0 ? t('usage.empty.sessions') : undefined}
            >
              <EChart option={charts.sessionsPerModel!} height={Math.max(140, 44 * w.sessionsPerModel.length)} label={t('usage.widget.sessionsPerModel')} />
            </WidgetCard>
          )}
          {w.costPerModel && (
            <WidgetCard
              id="costPerModel"
              title={t('usage.widget.costPerModel')}
              figure={money(w.costPerModel.reduce((a, m) => a + Number(m.cost), 0))}
              caption={t('usage.figure.costTotal')}
              empty={w.costPerModel.length === 0 ? t('usage.empty.cost') : undefined}
            >
              <EChart option={charts.costPerModel!} height={Math.max(140, 44 * w.costPerModel.length)} label={t('usage.widget.costPerModel')} />
            </WidgetCard>
          )}
          {w.chatCount && (
            <WidgetCard
              id="chatCount"
              title={t('usage.widget.chatCount')}
              figure={formatNumber(w.chatCount.total)}
              caption={t('usage.figure.chats')}
              empty={w.chatCount.total === 0 ? t('usage.empty.chats') : undefined}
            >
              <EChart option={charts.chatCount!} label={t('usage.widget.chatCount')} />
            </WidgetCard>
          )}
          {w.newCustomers && (
            <WidgetCard
              id="newCustomers"
              title={t('usage.widget.newCustomers')}
              figure={formatNumber(w.newCustomers.before + w.newCustomers.added)}
              caption={t('usage.figure.customers', { added: formatNumber(w.newCustomers.added) })}
              empty={w.newCustomers.before + w.newCustomers.added === 0 ? t('usage.empty.customers') : undefined}
            >
              <EChart option={charts.newCustomers!} label={t('usage.widget.newCustomers')} />
            </WidgetCard>
          )}
          {w.dailyChatDuration && (
            <WidgetCard
              id="dailyChatDuration"
              title={t('usage.widget.dailyChatDuration')}
              figure={duration(w.dailyChatDuration.totalSeconds)}
              caption={t('usage.figure.durationTotal')}
              empty={w.dailyChatDuration.totalSeconds === 0 ? t('usage.empty.duration') : undefined}
            >
              <EChart option={charts.dailyChatDuration!} label={t('usage.widget.dailyChatDuration')} />
            </WidgetCard>
          )}
          {w.monthlyChatDuration && lastMonth && (
            <WidgetCard
              id="monthlyChatDuration"
              title={t('usage.widget.monthlyChatDuration')}
              figure={duration(lastMonth.seconds)}
              caption={t('usage.figure.durationMonth', { month: monthName(lastMonth.month) })}
              empty={w.monthlyChatDuration.months.every((m) => m.seconds === 0) ? t('usage.empty.duration') : undefined}
            >
              <EChart option={charts.monthlyChatDuration!} label={t('usage.widget.monthlyChatDuration')} />
            </WidgetCard>
          )}
          {w.imageCount && (
            <WidgetCard
              id="imageCount"
              title={t('usage.widget.imageCount')}
              figure={formatNumber(w.imageCount.total)}
              caption={t('usage.figure.images')}
              empty={w.imageCount.total === 0 ? t('usage.empty.images') : undefined}
            >
              <EChart option={charts.imageCount!} label={t('usage.widget.imageCount')} />
            </WidgetCard>
          )}
          {w.imageCost && (
            <WidgetCard
              id="imageCost"
              title={t('usage.widget.imageCost')}
              figure={money(w.imageCost.total)}
              caption={t('usage.figure.imageCost')}
              empty={Number(w.imageCost.total) === 0 ? t('usage.empty.images') : undefined}
            >
              <EChart option={charts.imageCost!} label={t('usage.widget.imageCost')} />
            </WidgetCard>
          )}
        </div>
      )}
    </section>
  );
}
