import { useState } from 'react';
import { Card, DatePicker, Empty, Select, Skeleton } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { endpoints, hasAnyTask } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { queryKeyOf } from '../../../api/query-keys.ts';
import { useHeldTasks } from '../../../app/session.ts';
import { useFormat } from '../../../app/use-format.ts';
import '../usage/usage.css';
import './service-response.css';

type Range = [Dayjs, Dayjs];

/** The bot's time to hand-over and the agents' first response over a range (issue 24): averages, medians, per day. */
export default function ServiceResponseCard() {
  const { t } = useTranslation();
  const f = useFormat();
  const tasks = useHeldTasks();
  const [range, setRange] = useState<Range>(() => [dayjs().startOf('month'), dayjs()]);
  const [clientCode, setClientCode] = useState<string>();
  const from = range[0].format('YYYY-MM-DD');
  const to = range[1].format('YYYY-MM-DD');
  const figures = useQuery({
    queryKey: queryKeyOf(endpoints.serviceResponseTimes, from, to, clientCode),
    queryFn: ({ signal }) => call(endpoints.serviceResponseTimes, { query: { from, to, clientCode }, signal }),
    placeholderData: keepPreviousData,
  });
  const canPickClient = hasAnyTask(tasks, endpoints.listServiceClients.access);
  const clients = useQuery({
    queryKey: queryKeyOf(endpoints.listServiceClients, 'picker'),
    queryFn: ({ signal }) => call(endpoints.listServiceClients, { query: { page: 1, limit: 100 }, signal }),
    enabled: canPickClient,
  });
  const d = figures.data;
  const time = (s: number | null) => (s === null ? '–' : f.duration(s * 1000, t));
  return (
    <section className="usage-dashboard" aria-labelledby="service-response-title" data-testid="service-response">
      <div className="usage-dashboard__bar">
        <div className="usage-dashboard__heading">
          <h2 id="service-response-title" className="usage-dashboard__title">
            {t('serviceResponse.title')}
          </h2>
          <span className="section-card__hint">{t('serviceResponse.hint')}</span>
        </div>
        <div className="usage-dashboard__filters">
          <DatePicker.RangePicker
            value={range}
            format="DD/MM/YYYY"
            allowClear={false}
            aria-label={t('serviceResponse.range')}
            onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
          />
          {canPickClient && (
            <Select
              className="usage-dashboard__client"
              allowClear
              value={clientCode}
              placeholder={t('serviceResponse.allClients')}
              aria-label={t('serviceResponse.client')}
              options={(clients.data?.items ?? []).map((c) => ({ value: c.code, label: `${c.code} · ${c.name}` }))}
              onChange={(v?: string) => setClientCode(v)}
            />
          )}
        </div>
      </div>
      <Card className="section-card" size="small">
        {!d ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : d.handedOver === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('serviceResponse.none')} />
        ) : (
          <div className="service-response">
            <div className="service-response__figure">
              <span className="service-response__label">{t('serviceResponse.handedOver')}</span>
              <span className="usage-widget__value" data-testid="service-response-handed-over">
                {f.number(d.handedOver)}
              </span>
              <span className="usage-widget__caption">{t('serviceResponse.unanswered', { count: d.unanswered })}</span>
            </div>
            {(['handover', 'firstResponse'] as const).map((k) => (
              <div className="service-response__figure" key={k} data-testid={`service-response-${k}`}>
                <span className="service-response__label">{t(`serviceResponse.${k}`)}</span>
                <span className="usage-widget__value">{time(d[k].medianSeconds)}</span>
                <span className="usage-widget__caption">{t('serviceResponse.medianAverage', { average: time(d[k].averageSeconds) })}</span>
              </div>
            ))}
          </div>
        )}
      </Card>
    </section>
  );
}
