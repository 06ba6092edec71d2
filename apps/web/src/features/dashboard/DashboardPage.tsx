import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Button, Empty, Skeleton, Tag } from 'antd';
import { ApartmentOutlined, AuditOutlined, HistoryOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { SERVICE_RESPONSE_TASKS, USAGE_WIDGETS, auditModuleLabel, endpoints, hasAnyTask, type ResponseOf } from '@nusa/contracts';
import { Link } from 'react-router';
import { call } from '../../api/call.ts';
import { formatFor } from '../../app/format.ts';
import { useSession } from '../../app/session.ts';
import { useLanguage } from '../../i18n/index.ts';
import { PageHeading } from '../../app/components/PageHeading.tsx';
import { formatSessionDuration } from './session-duration.ts';
import { queryKeyOf } from '../../api/query-keys.ts';

type SessionRow = ResponseOf<typeof endpoints.mySessions>['items'][number];

// The usage widgets (and, through them, ECharts) load after the greeting shows, and only for a holder of a widget task.
const UsageWidgets = lazy(() => import('./usage/UsageWidgets.tsx'));
const ServiceResponseCard = lazy(() => import('./service-response/ServiceResponseCard.tsx'));

const greetingKey = (hour: number) =>
  hour < 11 ? 'dashboard.greetingMorning' : hour < 15 ? 'dashboard.greetingAfternoon' : hour < 18 ? 'dashboard.greetingEvening' : 'dashboard.greetingNight';

function StatCard({ icon, label, value, hint }: { icon: ReactNode; label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    // Plain markup, not antd's Card: its chunk brings antd's Tabs (13 KiB) into the dashboard's first load.
    <div className="stat-card">
      <div className="stat-card__icon" aria-hidden>
        {icon}
      </div>
      <div className="stat-card__body">
        <div className="stat-card__label">{label}</div>
        <div className="stat-card__value">{value}</div>
        {hint && <div className="stat-card__hint">{hint}</div>}
      </div>
    </div>
  );
}

/**
 * The account's recent sign-ins as a plain table: antd's Table with its pagination would be 60 KiB of the
 * dashboard's first load for ten rows. A phone keeps the two columns that matter: when, and for how long.
 */
function SessionList({ rows }: { rows: SessionRow[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [shownAt] = useState(() => Date.now());
  return (
    <table className="session-list">
      <thead>
        <tr>
          <th scope="col">{t('dashboard.loginAt')}</th>
          <th scope="col">{t('dashboard.duration')}</th>
          <th scope="col" className="session-list__wide">
            {t('dashboard.responseCode')}
          </th>
          <th scope="col" className="session-list__wide">
            {t('dashboard.module')}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          // The current session is still running: its duration is the time since it started.
          const seconds = row.current ? (shownAt - Date.parse(row.loginAt)) / 1000 : row.durationSeconds;
          return (
            <tr key={row.sessionId}>
              <td>
                <span className="session-time">
                  <time dateTime={row.loginAt}>{formatFor(language).dateTime(row.loginAt, true)}</time>
                  {row.current && (
                    <Tag color="blue" className="session-time__tag">
                      {t('dashboard.current')}
                    </Tag>
                  )}
                </span>
              </td>
              <td>
                {seconds === null ? '–' : <span className="session-duration">{formatSessionDuration(seconds, (k, v) => t(k, v), formatFor(language))}</span>}
              </td>
              <td className="session-list__wide">
                <Tag color={row.responseCode === 200 ? 'success' : 'error'}>{row.responseCode}</Tag>
              </td>
              <td className="session-list__wide">{auditModuleLabel(row.module, language)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** The home page: who is signed in, with what access, and the account's recent sign-ins. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const session = useSession();
  const sessions = useQuery({
    queryKey: queryKeyOf(endpoints.mySessions),
    queryFn: ({ signal }) => call(endpoints.mySessions, { query: { limit: 10 }, signal }),
  });
  if (!session) return null;

  const now = dayjs().locale(language);
  const lastLogin = session.userConfig.lastLogin;
  return (
    <div className="dashboard">
      <PageHeading
        title={t(greetingKey(now.hour()), { name: session.fullName })}
        subtitle={<time dateTime={now.format('YYYY-MM-DD')}>{now.format('dddd, D MMMM YYYY')}</time>}
      />

      <section className="stat-grid" aria-label={t('menu.dashboard')}>
        <StatCard icon={<UserOutlined />} label={t('dashboard.role')} value={session.roleName} />
        <StatCard
          icon={<SafetyCertificateOutlined />}
          label={t('dashboard.tasks')}
          value={<span data-testid="task-count">{formatFor(language).number(session.tasks.length)}</span>}
          hint={t('dashboard.tasksHint')}
        />
        <StatCard icon={<ApartmentOutlined />} label={t('dashboard.organisation')} value={session.tenantName} hint={session.xTenantDefault} />
        <StatCard
          icon={<HistoryOutlined />}
          label={t('dashboard.lastLogin')}
          value={lastLogin ? formatFor(language).dateTime(lastLogin) : t('dashboard.firstLogin')}
        />
      </section>

      {hasAnyTask(session.tasks, Object.values(USAGE_WIDGETS)) && (
        <Suspense
          fallback={
            <div className="dash-card dash-card__body">
              <Skeleton active />
            </div>
          }
        >
          <UsageWidgets />
        </Suspense>
      )}
      {hasAnyTask(session.tasks, SERVICE_RESPONSE_TASKS) && (
        <Suspense fallback={null}>
          <ServiceResponseCard />
        </Suspense>
      )}

      <section className="dash-card sessions-card" aria-labelledby="sessions-card-title">
        <div className="dash-card__head">
          <div className="sessions-card__title">
            <h2 id="sessions-card-title" className="dash-card__title">
              {t('dashboard.sessionsTitle')}
            </h2>
            <span className="section-card__hint">{t('dashboard.sessionsHint')}</span>
          </div>
          {hasAnyTask(session.tasks, ['readOnlyConfigUser', 'createEditConfigUser', 'writeAllConfigUser']) && (
            <Link to="/configuration/user-audit">
              <Button size="small" icon={<AuditOutlined />}>
                {t('userAudit.open')}
              </Button>
            </Link>
          )}
        </div>
        <div className="dash-card__body">
          {sessions.isPending ? (
            <Skeleton active paragraph={{ rows: 4 }} />
          ) : sessions.isError ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.loadFailed')}>
              <Button onClick={() => void sessions.refetch()} loading={sessions.isFetching}>
                {t('common.retry')}
              </Button>
            </Empty>
          ) : sessions.data.items.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.noSessions')} />
          ) : (
            <SessionList rows={sessions.data.items} />
          )}
        </div>
      </section>
    </div>
  );
}
