import { useState } from 'react';
import { Button, Dropdown, Select, Space, Switch, Tag, Tooltip } from 'antd';
import { EditOutlined, MoreOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { USER_SORT, actionLevel, endpoints, type UserItem } from '@nusa/contracts';
import { call } from '../../api/call.ts';
import { ActiveTag, ListPage, ListTable, ListToolbar, useListState, type SortableColumn } from '../../app/components/list/index.ts';
import { useHeldTasks } from '../../app/session.ts';
import { RolePicker } from '../../app/components/pickers/RolePicker.tsx';
import { NewPasswordDialog } from './users/NewPasswordDialog.tsx';
import { UserDrawer, type UserEditing } from './users/UserDrawer.tsx';
import { UserTasksDrawer } from './users/UserTasksDrawer.tsx';
import { useUserActions } from './users/use-user-actions.tsx';
import './access/access.css';
import { useFormat } from '../../app/use-format.ts';
import { queryKeyOf } from '../../api/query-keys.ts';

interface UserFilters {
  roleId?: string;
  active?: 'Y' | 'N';
}

/** Configuration › User (spec 3, 6): the tenant's users, their roles, activation, passwords and tasks. */
export default function UserPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const level = actionLevel(useHeldTasks(), 'ConfigUser');
  const list = useListState<UserItem, UserFilters, (typeof USER_SORT)[number]>({ filters: {}, sortable: USER_SORT });
  const [editing, setEditing] = useState<UserEditing | null>(null);
  const actions = useUserActions(level);

  const users = useQuery({
    queryKey: queryKeyOf(endpoints.listUsers, list.query, list.filters),
    queryFn: ({ signal }) => call(endpoints.listUsers, { query: { ...list.query, ...list.filters }, signal }),
    placeholderData: keepPreviousData,
  });
  list.settle(users.data, users.isFetching);

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
    {
      title: t('configUser.email'),
      dataIndex: 'email',
      sortKey: 'email',
      render: (email: string | null) => email ?? <span className="muted-text">—</span>,
      responsive: ['lg'],
    },
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
      render: (at: string | null) => (at ? f.dateTime(at) : <span className="muted-text">{t('configUser.never')}</span>),
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
            onChange={(on) => actions.toggleActive(u, on)}
          />
        ),
    },
    {
      title: t('listKit.actions'),
      key: 'actions',
      width: 110,
      render: (_: unknown, u) => (
        <Space size={2}>
          {level !== 'view' && (
            <Tooltip title={t('listKit.edit')}>
              <Button
                type="text"
                icon={<EditOutlined />}
                aria-label={`${t('listKit.edit')} ${u.username}`}
                onClick={() => setEditing({ mode: 'edit', user: u })}
              />
            </Tooltip>
          )}
          <Dropdown menu={actions.rowMenu(u)} trigger={['click']} placement="bottomRight">
            <Button type="text" icon={<MoreOutlined />} aria-label={t('configUser.moreActions', { name: u.username })} />
          </Dropdown>
        </Space>
      ),
    },
  ];

  return (
    <>
      <ListPage
        title={t('page.configUser')}
        subtitle={t('configUser.description')}
        actions={
          level !== 'view' && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'create' })}>
              {t('configUser.add')}
            </Button>
          )
        }
      >
        <ListToolbar keyword={list.keyword} onKeyword={list.setKeyword} searchPlaceholder={t('configUser.searchPlaceholder')}>
          <div className="list-toolbar__filter list-toolbar__filter--wide">
            <RolePicker<string | undefined>
              value={list.filters.roleId}
              onChange={(roleId) => list.setFilter('roleId', roleId)}
              placeholder={t('configUser.allRoles')}
              aria-label={t('configUser.filterRole')}
            />
          </div>
          <Select<'Y' | 'N'>
            allowClear
            placeholder={t('configUser.allStatuses')}
            aria-label={t('configUser.filterActive')}
            value={list.filters.active}
            onChange={(active) => list.setFilter('active', active)}
            className="list-toolbar__filter"
            options={[
              { value: 'Y', label: t('listKit.active') },
              { value: 'N', label: t('listKit.inactive') },
            ]}
          />
        </ListToolbar>
        <ListTable<UserItem>
          state={list}
          rowKey={(u) => u.userId}
          columns={columns}
          data={users.data}
          loading={users.isFetching}
          failed={users.isError}
          onRetry={() => void users.refetch()}
          emptyText={t('configUser.empty')}
          label={t('page.configUser')}
        />
      </ListPage>
      {editing && <UserDrawer editing={editing} onClose={() => setEditing(null)} />}
      {actions.tasksOf && <UserTasksDrawer user={actions.tasksOf} onClose={actions.closeTasks} />}
      <NewPasswordDialog shown={actions.newPassword} onClose={actions.closeNewPassword} />
    </>
  );
}
