import { useMemo, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Dropdown,
  Empty,
  Form,
  Input,
  Modal,
  Select,
  Skeleton,
  Space,
  Switch,
  Table,
  Tag,
  Tooltip,
  Typography,
  type MenuProps,
} from 'antd';
import {
  CheckCircleFilled,
  CloseCircleFilled,
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  KeyOutlined,
  MoreOutlined,
  PlusOutlined,
  SafetyCertificateOutlined,
  SearchOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { TASK_TREE, USERNAME_PATTERN, USER_SORT, actionLevel, endpoints, passwordProblems, type UserItem } from '@nusa/contracts';
import { call } from '../../api/call.ts';
import { DIALOG_MIN_WIDTH, useDialogWidth } from '../../app/components/dialog-width.ts';
import { useServerSort, type SortableColumn } from '../../app/components/list-sort.ts';
import { toast } from '../../app/feedback.tsx';
import { formatNumber } from '../../app/format.ts';
import { useLanguage } from '../../i18n/index.ts';
import { ActiveTag, LazySelect, useDebounced, useHeldTasks, usePaging, usePasswordPolicy } from './access/common.tsx';
import { TaskLabel } from './access/TaskChecklist.tsx';
import { PageHeading } from '../../app/components/PageHeading.tsx';
import { FormDrawer } from '../../app/components/FormDrawer.tsx';

const LIMITS = { username: 50, fullName: 100, email: 200, password: 200 } as const;

interface UserForm {
  username: string;
  fullName: string;
  email: string;
  roleId: string;
  extraRoleIds: string[];
  password: string;
  confirmPassword: string;
}

type Editing = { mode: 'create' } | { mode: 'edit'; user: UserItem };

/** Configuration › User (spec 3, 6): the tenant's users, their roles, activation, passwords and tasks. */
export default function UserPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { modal } = App.useApp();
  const dialogWidth = useDialogWidth();
  const queryClient = useQueryClient();
  const level = actionLevel(useHeldTasks(), 'ConfigUser');
  const [keyword, setKeyword] = useState('');
  const [roleId, setRoleId] = useState<string | undefined>();
  const [active, setActive] = useState<'Y' | 'N' | undefined>();
  const search = useDebounced(keyword.trim());
  const paging = usePaging();
  const sorting = useServerSort<UserItem, (typeof USER_SORT)[number]>(USER_SORT, paging.reset);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [tasksOf, setTasksOf] = useState<UserItem | null>(null);
  const [newPassword, setNewPassword] = useState<{ user: UserItem; password: string } | null>(null);

  const list = useQuery({
    queryKey: ['config', 'users', 'list', search, roleId, active, sorting.sort, paging.page, paging.pageSize],
    queryFn: ({ signal }) =>
      call(endpoints.listUsers, {
        query: { page: paging.page, limit: paging.pageSize, keyword: search || undefined, roleId, active, sort: sorting.sort },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['config', 'users'] });

  const setUserActive = useMutation({
    mutationFn: ({ user, value }: { user: UserItem; value: 'Y' | 'N' }) =>
      call(endpoints.setUserActive, { params: { userId: user.userId }, body: { active: value } }),
    onSuccess: (user) => {
      toast.success(t(user.active === 'Y' ? 'configUser.activated' : 'configUser.deactivated', { name: user.username }));
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (user: UserItem) => call(endpoints.deleteUser, { params: { userId: user.userId } }),
    onSuccess: (_d, user) => {
      toast.success(t('configUser.deleted', { name: user.username }));
      void refresh();
    },
  });
  const resetPassword = useMutation({
    mutationFn: (user: UserItem) => call(endpoints.resetUserPassword, { params: { userId: user.userId } }),
    onSuccess: ({ password }, user) => setNewPassword({ user, password }),
  });

  const confirm = (title: string, content: string, okText: string, onOk: () => Promise<unknown>, danger = true) =>
    modal.confirm({
      title,
      content,
      okText,
      okButtonProps: { danger },
      cancelText: t('common.cancel'),
      width: dialogWidth,
      style: { minWidth: DIALOG_MIN_WIDTH },
      onOk: () => onOk().catch(() => undefined),
    });

  const toggleActive = (user: UserItem, on: boolean) =>
    confirm(
      on ? t('configUser.activateTitle') : t('configUser.deactivateTitle'),
      on ? t('configUser.activateConfirm', { name: user.username }) : t('configUser.deactivateConfirm', { name: user.username }),
      on ? t('configUser.activate') : t('configUser.deactivate'),
      () => setUserActive.mutateAsync({ user, value: on ? 'Y' : 'N' }),
      !on,
    );

  const rowMenu = (user: UserItem): MenuProps => ({
    items: [
      { key: 'tasks', icon: <SafetyCertificateOutlined />, label: t('configUser.viewTasks') },
      ...(level === 'full'
        ? [
            { key: 'reset', icon: <KeyOutlined />, label: t('configUser.resetPassword') },
            { type: 'divider' as const },
            { key: 'delete', icon: <DeleteOutlined />, label: t('accessCommon.delete'), danger: true },
          ]
        : []),
    ],
    onClick: ({ key }) => {
      if (key === 'tasks') setTasksOf(user);
      if (key === 'reset')
        confirm(t('configUser.resetTitle'), t('configUser.resetConfirm', { name: user.username }), t('configUser.resetPassword'), () =>
          resetPassword.mutateAsync(user),
        );
      if (key === 'delete')
        confirm(t('configUser.deleteTitle'), t('configUser.deleteConfirm', { name: user.username }), t('accessCommon.delete'), () =>
          remove.mutateAsync(user),
        );
    },
  });

  const columns: SortableColumn<UserItem>[] = [
    {
      title: t('configUser.username'),
      dataIndex: 'username',
      sortKey: 'username',
      render: (username: string, u) => (
        <div className="cell-stack">
          <strong>{username}</strong>
          <span className="muted-text">{u.fullName}</span>
        </div>
      ),
    },
    { title: t('configUser.email'), dataIndex: 'email', sortKey: 'email', render: (email: string | null) => email ?? <span className="muted-text">—</span>, responsive: ['lg'] },
    {
      title: t('configUser.role'),
      key: 'role',
      sortKey: 'role',
      render: (_: unknown, u) => (
        <Space size={[4, 4]} wrap>
          <Tag color="blue">{u.roleName}</Tag>
          {u.extraRoles.map((r) => (
            <Tag key={r.roleId}>{r.roleName}</Tag>
          ))}
        </Space>
      ),
    },
    {
      title: t('configUser.lastLogin'),
      dataIndex: 'lastLoginAt',
      sortKey: 'lastLogin',
      responsive: ['xl'],
      render: (at: string | null) => (at ? dayjs(at).locale(language).format('D MMM YYYY HH:mm') : <span className="muted-text">{t('configUser.never')}</span>),
    },
    {
      title: t('configUser.active'),
      dataIndex: 'active',
      sortKey: 'active',
      width: 110,
      render: (value: 'Y' | 'N', u) =>
        level === 'view' ? (
          <ActiveTag active={value} />
        ) : (
          <Switch
            checked={value === 'Y'}
            checkedChildren="Y"
            unCheckedChildren="N"
            aria-label={t('configUser.activeOf', { name: u.username })}
            onChange={(on) => toggleActive(u, on)}
          />
        ),
    },
    {
      title: t('accessCommon.actions'),
      key: 'actions',
      width: 110,
      render: (_: unknown, u) => (
        <Space size={2}>
          {level !== 'view' && (
            <Tooltip title={t('accessCommon.edit')}>
              <Button type="text" icon={<EditOutlined />} aria-label={`${t('accessCommon.edit')} ${u.username}`} onClick={() => setEditing({ mode: 'edit', user: u })} />
            </Tooltip>
          )}
          <Dropdown menu={rowMenu(u)} trigger={['click']} placement="bottomRight">
            <Button type="text" icon={<MoreOutlined />} aria-label={t('configUser.moreActions', { name: u.username })} />
          </Dropdown>
        </Space>
      ),
    },
  ];

  return (
    <div>
      <PageHeading title={t('page.configUser')} subtitle={t('configUser.description')}>
        {level !== 'view' && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'create' })}>
            {t('configUser.add')}
          </Button>
        )}
      </PageHeading>
      <div className="page-card list-card">
        <div className="list-toolbar">
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('configUser.searchPlaceholder')}
            aria-label={t('accessCommon.search')}
            value={keyword}
            onChange={(e) => {
              setKeyword(e.target.value);
              paging.reset();
            }}
            className="list-toolbar__search"
          />
          <LazySelect
            kind="role"
            allowClear
            placeholder={t('configUser.allRoles')}
            aria-label={t('configUser.filterRole')}
            value={roleId}
            onChange={(v) => {
              setRoleId(typeof v === 'string' ? v : undefined);
              paging.reset();
            }}
            style={{ width: 220 }}
          />
          <Select<'Y' | 'N'>
            allowClear
            placeholder={t('configUser.allStatuses')}
            aria-label={t('configUser.filterActive')}
            value={active}
            onChange={(v) => {
              setActive(v);
              paging.reset();
            }}
            style={{ width: 170 }}
            options={[
              { value: 'Y', label: t('accessCommon.active') },
              { value: 'N', label: t('accessCommon.inactive') },
            ]}
          />
        </div>
        <Table<UserItem>
          rowKey="userId"
          size="middle"
          columns={sorting.columns(columns)}
          onChange={sorting.onChange}
          dataSource={list.data?.items}
          loading={list.isFetching}
          pagination={paging.pagination(list.data?.total ?? 0, t)}
          scroll={{ x: 900 }}
          locale={{ emptyText: <Empty description={search || roleId || active ? t('accessCommon.noResults') : t('configUser.empty')} /> }}
        />
      </div>
      {editing && <UserDrawer editing={editing} onClose={() => setEditing(null)} />}
      {tasksOf && <UserTasksDrawer user={tasksOf} onClose={() => setTasksOf(null)} />}
      <NewPasswordDialog shown={newPassword} onClose={() => setNewPassword(null)} />
    </div>
  );
}

function UserDrawer({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<UserForm>();
  const policy = usePasswordPolicy();
  const user = editing.mode === 'edit' ? editing.user : undefined;
  const roleId = Form.useWatch('roleId', form);
  const save = useMutation({
    mutationFn: (v: UserForm) => {
      const common = { fullName: v.fullName.trim(), email: v.email?.trim() ? v.email.trim() : null, roleId: v.roleId, extraRoleIds: v.extraRoleIds ?? [] };
      return user
        ? call(endpoints.updateUser, { params: { userId: user.userId }, body: common })
        : call(endpoints.createUser, { body: { ...common, username: v.username.trim(), password: v.password, confirmPassword: v.confirmPassword } });
    },
    onSuccess: (saved) => {
      toast.success(t(user ? 'configUser.updated' : 'configUser.created', { name: saved.username }));
      void queryClient.invalidateQueries({ queryKey: ['config', 'users'] });
      onClose();
    },
  });
  const knownRoles = useMemo(
    () => (user ? [{ value: user.roleId, label: user.roleName }, ...user.extraRoles.map((r) => ({ value: r.roleId, label: r.roleName }))] : []),
    [user],
  );
  const required = (label: string) => ({ required: true, whitespace: true, message: t('validation.required', { label }) });

  return (
    <FormDrawer
      title={user ? t('configUser.editTitle', { name: user.username }) : t('configUser.add')}
      onClose={onClose}
      save={{ label: t('accessCommon.save'), pending: save.isPending, onSave: () => form.submit() }}
    >
      <Form<UserForm>
        form={form}
        layout="vertical"
        initialValues={
          user
            ? { username: user.username, fullName: user.fullName, email: user.email ?? '', roleId: user.roleId, extraRoleIds: user.extraRoles.map((r) => r.roleId) }
            : { extraRoleIds: [] }
        }
        onFinish={(v) => save.mutate(v)}
      >
        <Form.Item
          name="username"
          label={t('configUser.username')}
          extra={user ? undefined : t('configUser.usernameHint')}
          rules={
            user
              ? []
              : [required(t('configUser.username')), { pattern: USERNAME_PATTERN, message: t('configUser.usernamePattern') }]
          }
        >
          <Input maxLength={LIMITS.username} showCount={!user} disabled={!!user} autoFocus={!user} autoComplete="off" />
        </Form.Item>
        <Form.Item name="fullName" label={t('configUser.fullName')} rules={[required(t('configUser.fullName'))]}>
          <Input maxLength={LIMITS.fullName} showCount autoFocus={!!user} />
        </Form.Item>
        <Form.Item name="email" label={t('configUser.email')} rules={[{ type: 'email', message: t('configUser.emailInvalid') }]}>
          <Input maxLength={LIMITS.email} showCount type="email" autoComplete="off" />
        </Form.Item>
        <Form.Item name="roleId" label={t('configUser.role')} rules={[{ required: true, message: t('validation.required', { label: t('configUser.role') }) }]}>
          <LazySelect kind="role" known={knownRoles} placeholder={t('configUser.rolePlaceholder')} />
        </Form.Item>
        <Form.Item name="extraRoleIds" label={t('configUser.extraRoles')} extra={t('configUser.extraRolesHint')}>
          <LazySelect kind="role" mode="multiple" known={knownRoles} exclude={roleId ? [roleId] : []} placeholder={t('configUser.extraRolesPlaceholder')} />
        </Form.Item>
        {!user && (
          <>
            <Form.Item
              name="password"
              label={t('configUser.password')}
              rules={[
                { required: true, message: t('validation.required', { label: t('configUser.password') }) },
                {
                  validator: async (_: unknown, value: string | undefined) => {
                    if (!value) return;
                    const problems = passwordProblems(policy, value);
                    if (problems.length) throw new Error(problems.map((p) => t(`error.${p.code}`, { 0: p.args[0] })).join(' · '));
                  },
                },
              ]}
              extra={t('configUser.passwordHint', { count: Math.max(4, policy.minLength) })}
            >
              <Input.Password maxLength={LIMITS.password} autoComplete="new-password" />
            </Form.Item>
            <Form.Item
              name="confirmPassword"
              label={t('configUser.confirmPassword')}
              dependencies={['password']}
              rules={[
                { required: true, message: t('validation.required', { label: t('configUser.confirmPassword') }) },
                ({ getFieldValue }) => ({
                  validator: async (_: unknown, value: string | undefined) => {
                    if (value && value !== getFieldValue('password')) throw new Error(t('error.password_mismatch'));
                  },
                }),
              ]}
            >
              <Input.Password maxLength={LIMITS.password} autoComplete="new-password" />
            </Form.Item>
          </>
        )}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </FormDrawer>
  );
}

function UserTasksDrawer({ user, onClose }: { user: UserItem; onClose: () => void }) {
  const { t } = useTranslation();
  const { data } = useQuery({
    queryKey: ['config', 'users', 'tasks', user.userId],
    queryFn: ({ signal }) => call(endpoints.userTasks, { params: { userId: user.userId }, signal }),
    gcTime: 0,
  });
  const byTask = new Map(data?.tasks.map((x) => [x.task, x]) ?? []);
  const groups = TASK_TREE.map((area) => ({
    area,
    pages: area.pages.map((page) => ({ page, tasks: page.tasks.filter((task) => byTask.has(task)) })).filter((p) => p.tasks.length > 0),
  })).filter((g) => g.pages.length > 0);

  return (
    <FormDrawer title={t('configUser.tasksTitle', { name: user.username })} size={600} onClose={onClose}>
      {!data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : data.superAdmin ? (
        <Alert type="info" showIcon title={t('configUser.superAdminTasks')} />
      ) : groups.length === 0 ? (
        <Empty description={t('configUser.noTasks')} />
      ) : (
        <div className="user-tasks">
          <p className="muted-text">{t('configUser.tasksSummary', { value: formatNumber(data.tasks.length) })}</p>
          {groups.map(({ area, pages }) => (
            <section key={area.key} className="user-tasks__area">
              <h3>{t(`taskTree.area.${area.key}`)}</h3>
              {pages.map(({ page, tasks }) => (
                <div key={page.key} className="user-tasks__page">
                  <div className="user-tasks__page-name">{t(`taskTree.page.${page.key}`)}</div>
                  <ul>
                    {tasks.map((task) => {
                      const source = byTask.get(task)!;
                      return (
                        <li key={task}>
                          <TaskLabel task={task} />
                          <span className="user-tasks__sources">
                            {source.fromRole && <Tag color="blue">{t('configUser.fromRole')}</Tag>}
                            {source.fromUser && <Tag color="purple">{t('configUser.fromUser')}</Tag>}
                          </span>
                        </li>
                      );
                    })}
                  </ul>
                </div>
              ))}
            </section>
          ))}
        </div>
      )}
    </FormDrawer>
  );
}

/** The new password of a reset, shown once: it is not stored anywhere the screen could show it again. */
function NewPasswordDialog({ shown, onClose }: { shown: { user: UserItem; password: string } | null; onClose: () => void }) {
  const { t } = useTranslation();
  const dialogWidth = useDialogWidth();
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shown!.password);
      setCopied(true);
      toast.success(t('configUser.passwordCopied'));
    } catch {
      setCopied(false);
    }
  };
  return (
    <Modal
      open={shown !== null}
      title={t('configUser.newPasswordTitle')}
      width={dialogWidth}
      style={{ minWidth: DIALOG_MIN_WIDTH }}
      onCancel={onClose}
      afterClose={() => setCopied(null)}
      mask={{ closable: false }}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          {t('configUser.newPasswordDone')}
        </Button>
      }
    >
      {shown && (
        <div className="new-password">
          <p>{t('configUser.newPasswordFor', { name: shown.user.username })}</p>
          <Space.Compact block>
            <Input readOnly value={shown.password} aria-label={t('configUser.newPassword')} className="new-password__value" onFocus={(e) => e.target.select()} />
            <Button icon={<CopyOutlined />} onClick={() => void copy()}>
              {t('configUser.copy')}
            </Button>
          </Space.Compact>
          {copied === true && (
            <Typography.Text type="success" className="new-password__status">
              <CheckCircleFilled /> {t('configUser.passwordCopied')}
            </Typography.Text>
          )}
          {copied === false && (
            <Typography.Text type="danger" className="new-password__status">
              <CloseCircleFilled /> {t('configUser.copyFailed')}
            </Typography.Text>
          )}
          <Alert type="warning" showIcon icon={<WarningOutlined />} title={t('configUser.newPasswordWarning')} className="new-password__warning" />
        </div>
      )}
    </Modal>
  );
}
