import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Avatar, Badge, Button, Dropdown, Layout, Menu, Tag, type MenuProps } from 'antd';
import {
  AppstoreOutlined,
  AuditOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  DownOutlined,
  HeartOutlined,
  LineChartOutlined,
  LockOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuOutlined,
  MenuUnfoldOutlined,
  NotificationOutlined,
  PictureOutlined,
  SettingOutlined,
  SolutionOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Link, useLocation, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { HOME_ROUTE, endpoints, hasAnyTask, type AppRoute, type SessionData } from '@nusa/contracts';
import { call } from '../../api/call.ts';
import { ApiError } from '../../api/api-error.ts';
import { BrandMark } from '../components/BrandMark.tsx';
import { LanguageSwitch } from '../components/LanguageSwitch.tsx';
import { PageLoading } from '../components/PageLoading.tsx';
import { usePhoneLayout } from '../components/viewport.ts';
import { useAppConfig, useProductName } from '../app-config.ts';
import { reportError } from '../feedback.tsx';
import { loginUrl } from '../guard.ts';
import { areaOf, buildMenu } from '../menu.ts';
import { queryClient } from '../query-client.ts';
import { sessionStore } from '../session.ts';
import { PageBreadcrumb, type Crumb } from './PageBreadcrumb.tsx';
import { textOfKey } from '../../i18n/keys.ts';
import { APPROVAL_INBOX_PATH, useApprovalInboxCount } from '../../features/accounting/approval-flows/inbox-count.ts';
import { SERVICE_INBOX_PATH, useServiceInboxCount } from '../../features/service/inbox/live.ts';
import { useConfirmDanger } from '../components/confirm-danger.ts';
import { queryKeyOf } from '../../api/query-keys.ts';

// Loaded on the first click of its button: its Descriptions need not be in every page's first load.
// The phone's menu drawer: loaded on the first tap of the menu button.
const PhoneMenuDrawer = lazy(() => import('./PhoneMenuDrawer.tsx'));
const ReleaseNotesDialog = lazy(() => import('./ReleaseNotesDialog.tsx').then((m) => ({ default: m.ReleaseNotesDialog })));

const AREA_ICONS: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined />,
  service: <CustomerServiceOutlined />,
  healing: <HeartOutlined />,
  product: <PictureOutlined />,
  analysis: <LineChartOutlined />,
  administration: <SolutionOutlined />,
  configuration: <SettingOutlined />,
};

/** Spec 2: user audit is outside the menu; holders of its tasks reach it from the user menu. */
const USER_AUDIT_TASKS = ['readOnlyConfigUser', 'createEditConfigUser', 'writeAllConfigUser'] as const;

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');

/** Keeps the stored session data (tasks, role) in step with the server; a revoked session surfaces here as a 401. */
function useSessionRefresh(session: SessionData) {
  const me = useQuery({
    queryKey: queryKeyOf(endpoints.me, session.sessionId),
    queryFn: ({ signal }) => call(endpoints.me, { signal }),
    staleTime: 5 * 60_000,
  });
  useEffect(() => {
    if (me.data) sessionStore.update(me.data);
  }, [me.data]);
}

interface AppLayoutProps {
  session: SessionData;
  route: AppRoute;
  /** The trail between home and the page: its area, and the pages above it in the route table. */
  trail: Crumb[];
  page: string;
  children: ReactNode;
}

/**
 * The logged-in frame (spec 2): sidebar from the route table, header, breadcrumb, and the page — the one `main`
 * landmark. Below the `md` breakpoint the sidebar gives way to a drawer opened from the header.
 */
export function AppLayout({ session, route, trail, page, children }: AppLayoutProps) {
  const { t } = useTranslation();
  const confirmDanger = useConfirmDanger();
  const navigate = useNavigate();
  const location = useLocation();
  const productName = useProductName();
  const appConfig = useAppConfig();
  const phone = usePhoneLayout();
  const [collapsed, setCollapsed] = useState(() => window.innerWidth < 992);
  // The drawer belongs to the path it was opened on: any navigation closes it.
  const [menuOpenedAt, setMenuOpenedAt] = useState<string | null>(null);
  const menuOpen = phone && menuOpenedAt === location.pathname;
  const [menuLoaded, setMenuLoaded] = useState(false);
  const [notesOpen, setNotesOpen] = useState(false);
  // Stays mounted once opened, so that the dialog's closing animation plays.
  const [notesLoaded, setNotesLoaded] = useState(false);
  useSessionRefresh(session);

  const area = areaOf(route);
  const inboxCount = useApprovalInboxCount(session.tasks);
  const serviceUnread = useServiceInboxCount(session.tasks);
  const menuItems: MenuProps['items'] = useMemo(
    () =>
      buildMenu(session.tasks).map(({ area: a, routes }) => {
        // Documents waiting for the user's approval: a count on the inbox, a dot on its area while that is folded.
        // Unread customer messages of the CS agent's inbox: the same.
        const counts: Record<string, number> = { [APPROVAL_INBOX_PATH]: inboxCount, [SERVICE_INBOX_PATH]: serviceUnread };
        const waiting = (path: string) => ((counts[path] ?? 0) > 0 ? <Badge count={counts[path]} size="small" style={{ marginInlineStart: 8 }} /> : null);
        const areaWaiting = routes.some((r) => (counts[r.path] ?? 0) > 0);
        const icon = AREA_ICONS[a.key] ?? <AppstoreOutlined />;
        if (routes.length === 0 || (routes.length === 1 && routes[0].path === a.path)) {
          const path = routes[0]?.path ?? a.path;
          return { key: path, icon, label: <Link to={path}>{textOfKey(t, a.titleKey)}</Link> };
        }
        return {
          key: a.key,
          icon,
          label: areaWaiting ? (
            <>
              {textOfKey(t, a.titleKey)}
              <Badge dot style={{ marginInlineStart: 6, verticalAlign: 'top' }} />
            </>
          ) : (
            textOfKey(t, a.titleKey)
          ),
          children: routes.map((r) => ({
            key: r.path,
            label: (
              <Link to={r.path}>
                {textOfKey(t, r.titleKey)}
                {waiting(r.path)}
              </Link>
            ),
          })),
        };
      }),
    [session.tasks, t, inboxCount, serviceUnread],
  );

  const logout = () =>
    confirmDanger({
      title: t('layout.logout'),
      content: t('message.confirmLogout'),
      okText: t('layout.logout'),
      icon: <LogoutOutlined />,
      onOk: async () => {
        const from = `${location.pathname}${location.search}`;
        try {
          await call(endpoints.logout, { expireOnUnauthorized: false });
        } catch (err) {
          // A session the server already ended is simply left; anything else is reported, and the user still leaves.
          if (!(err instanceof ApiError && err.status === 401)) reportError(err);
        }
        sessionStore.end();
        queryClient.clear();
        navigate(loginUrl(from), { replace: true });
      },
    });

  const userMenu: MenuProps = {
    items: [
      {
        key: 'identity',
        label: (
          <span className="user-menu__identity">
            {session.username} · {session.tenantName}
          </span>
        ),
        disabled: true,
      },
      { type: 'divider' },
      { key: '/configuration/edit-profile', icon: <UserOutlined />, label: t('profile.menu') },
      { key: '/configuration/change-password', icon: <LockOutlined />, label: t('changePassword.menu') },
      ...(hasAnyTask(session.tasks, USER_AUDIT_TASKS) ? [{ key: '/configuration/user-audit', icon: <AuditOutlined />, label: t('userAudit.menu') }] : []),
      { type: 'divider' },
      { key: 'logout', icon: <LogoutOutlined />, label: t('layout.logout'), danger: true },
    ],
    onClick: ({ key }) => {
      if (key === 'logout') logout();
      else navigate(key);
    },
  };

  const menu = (inDrawer: boolean) => (
    <nav aria-label={t('layout.mainMenu')}>
      <Menu
        theme="dark"
        mode="inline"
        items={menuItems}
        selectedKeys={[route.path]}
        // A collapsed sidebar shows areas as pop-ups: none may open by itself over the page.
        defaultOpenKeys={area && (inDrawer || !collapsed) ? [area.key] : []}
        onClick={inDrawer ? () => setMenuOpenedAt(null) : undefined}
      />
    </nav>
  );

  return (
    <Layout className={phone ? 'app-shell app-shell--phone' : 'app-shell'} hasSider={!phone}>
      {phone ? (
        menuLoaded && (
          <Suspense fallback={null}>
            <PhoneMenuDrawer open={menuOpen} onClose={() => setMenuOpenedAt(null)} productName={productName}>
              {menu(true)}
            </PhoneMenuDrawer>
          </Suspense>
        )
      ) : (
        <Layout.Sider className="app-sider" width={248} collapsedWidth={72} collapsed={collapsed} trigger={null} theme="dark">
          <Link to={HOME_ROUTE} className="app-sider__brand" aria-label={productName}>
            <BrandMark name={collapsed ? '' : productName} inverted size={30} />
          </Link>
          {menu(false)}
        </Layout.Sider>
      )}
      <Layout className="app-main">
        <Layout.Header className="app-header">
          {phone ? (
            <div className="app-header__start">
              <Button
                type="text"
                className="app-header__toggle"
                icon={<MenuOutlined />}
                aria-label={t('shell.openMenu')}
                aria-expanded={menuOpen}
                onClick={() => {
                  setMenuLoaded(true);
                  setMenuOpenedAt(location.pathname);
                }}
              />
              <Link to={HOME_ROUTE} className="app-header__brand" aria-label={productName}>
                <BrandMark name={productName} size={24} />
              </Link>
            </div>
          ) : (
            <Button
              type="text"
              className="app-header__toggle"
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              aria-label={collapsed ? t('layout.expandMenu') : t('layout.collapseMenu')}
              onClick={() => setCollapsed((c) => !c)}
            />
          )}
          <div className="app-header__actions">
            <Button
              type="text"
              icon={<NotificationOutlined />}
              onClick={() => {
                setNotesLoaded(true);
                setNotesOpen(true);
              }}
              aria-label={t('layout.releaseNotes')}
            >
              <span className="app-header__label">{t('layout.releaseNotes')}</span>
              {appConfig.data && <Tag className="app-header__version">v{appConfig.data.releaseNotes.version}</Tag>}
            </Button>
            <LanguageSwitch />
            <Dropdown menu={userMenu} trigger={['click']} placement="bottomRight">
              <button type="button" className="user-button" aria-label={t('layout.userMenu')}>
                <Avatar className="user-button__avatar">{initialsOf(session.fullName)}</Avatar>
                <span className="user-button__text">
                  <span className="user-button__name">{session.fullName}</span>
                  <span className="user-button__role">{session.roleName}</span>
                </span>
                <DownOutlined className="user-button__caret" />
              </button>
            </Dropdown>
          </div>
        </Layout.Header>
        {/* antd's Layout.Content is itself a <main>; a plain element keeps the page's one main landmark. */}
        <main id="main-content" className="app-content">
          <PageBreadcrumb trail={trail} page={page} />
          <div className="app-page">
            <Suspense fallback={<PageLoading />}>{children}</Suspense>
          </div>
        </main>
      </Layout>
      {notesLoaded && (
        <Suspense fallback={null}>
          <ReleaseNotesDialog open={notesOpen} onClose={() => setNotesOpen(false)} />
        </Suspense>
      )}
    </Layout>
  );
}
