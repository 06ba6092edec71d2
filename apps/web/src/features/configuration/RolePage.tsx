import { useState } from 'react';
import { Button, Checkbox, Form, Input, InputNumber, Select, Space, Tag, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { APP_ROUTES, ROLE_SORT, ROLE_TYPES, UNLIMITED, actionLevel, endpoints, mayGrant, type RoleItem } from '@nusa/contracts';
import { call } from '../../api/call.ts';
import { ListPage, ListTable, ListToolbar, useListState, type SortableColumn } from '../../app/components/list/index.ts';
import { toast } from '../../app/feedback.tsx';
import { useFormat } from '../../app/use-format.ts';
import { useHeldTasks } from '../../app/session.ts';
import { TaskChecklist } from './access/TaskChecklist.tsx';
import { FormDrawer } from '../../app/components/FormDrawer.tsx';
import './access/access.css';
import { textOfKey, type Translate } from '../../i18n/keys.ts';
import { useConfirmDanger } from '../../app/components/confirm-danger.ts';
import { queryKeyOf, resourceKeyOf } from '../../api/query-keys.ts';

const NAME_MAX = 60;
const EDITABLE_TYPES = ROLE_TYPES.filter((type) => type !== 'SUPER_ADMIN');
/** Pages a role may open first: the app's pages without path parameters. */
const PAGE_CHOICES = APP_ROUTES.filter((r) => !r.path.includes('{'));

interface RoleForm {
  name: string;
  type: (typeof EDITABLE_TYPES)[number];
  defaultPage: string;
  minDiscountPercent: number;
  maxDiscountPercent: number;
  minDiscountAmount: string;
  maxDiscountAmount: string;
  tasks: string[];
}

const isUnlimited = (v: number | string | null | undefined) => v === UNLIMITED || v === String(UNLIMITED);

interface LimitInputProps {
  value?: number | string | null;
  onChange?: (value: number | string | null) => void;
  kind: 'percent' | 'amount';
  disabled?: boolean;
  id?: string;
}

/** A discount limit: a number, or -1 for "unlimited" chosen with its own checkbox. */
function LimitInput({ value, onChange, kind, disabled, id }: LimitInputProps) {
  const { t } = useTranslation();
  const unlimited = isUnlimited(value);
  const unlimitedValue = kind === 'percent' ? UNLIMITED : String(UNLIMITED);
  return (
    <Space.Compact block>
      <InputNumber<string>
        id={id}
        stringMode
        style={{ width: '100%' }}
        min="0"
        max={kind === 'percent' ? '100' : undefined}
        disabled={disabled || unlimited}
        value={unlimited || value === null || value === undefined ? null : String(value)}
        prefix={kind === 'amount' ? 'Rp' : undefined}
        suffix={kind === 'percent' ? '%' : undefined}
        onChange={(v) => onChange?.(v === null ? null : kind === 'percent' ? Number(v) : v)}
      />
      <Checkbox
        className="limit-input__unlimited"
        checked={unlimited}
        disabled={disabled}
        onChange={(e) => onChange?.(e.target.checked ? unlimitedValue : kind === 'percent' ? 0 : '0')}
      >
        {t('configRole.unlimited')}
      </Checkbox>
    </Space.Compact>
  );
}

function LimitText({ value, kind }: { value: number | string; kind: 'percent' | 'amount' }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (isUnlimited(value)) return <span className="muted-text">{t('configRole.unlimited')}</span>;
  return <>{kind === 'percent' ? f.percent(Number(value), 2) : f.money(Number(value))}</>;
}

/** A min–max pair; two unlimited ends read as one "unlimited". */
function LimitRange({ min, max, kind }: { min: number | string; max: number | string; kind: 'percent' | 'amount' }) {
  if (isUnlimited(min) && isUnlimited(max)) return <LimitText value={min} kind={kind} />;
  return (
    <span className="nowrap">
      <LimitText value={min} kind={kind} /> – <LimitText value={max} kind={kind} />
    </span>
  );
}

const pageTitle = (path: string, t: Translate) => {
  const route = APP_ROUTES.find((r) => r.path === path);
  return route ? textOfKey(t, route.titleKey) : path;
};

type Editing = { mode: 'create' } | { mode: 'edit' | 'view'; role: RoleItem };

/** Configuration › Role (spec 3, 6): roles with their default page, discount limits and tasks. */
export default function RolePage() {
  const { t } = useTranslation();
  const f = useFormat();
  const confirmDanger = useConfirmDanger();
  const queryClient = useQueryClient();
  const level = actionLevel(useHeldTasks(), 'ConfigRole');
  const list = useListState<RoleItem, Record<never, never>, (typeof ROLE_SORT)[number]>({ sortable: ROLE_SORT });
  const [editing, setEditing] = useState<Editing | null>(null);

  const roles = useQuery({
    queryKey: queryKeyOf(endpoints.listRoles, list.query),
    queryFn: ({ signal }) => call(endpoints.listRoles, { query: list.query, signal }),
    placeholderData: keepPreviousData,
  });
  list.settle(roles.data, roles.isFetching);

  const remove = useMutation({
    mutationFn: (role: RoleItem) => call(endpoints.deleteRole, { params: { roleId: role.roleId } }),
    onSuccess: (_d, role) => {
      toast.success(t('configRole.deleted', { name: role.name }));
      void queryClient.invalidateQueries({ queryKey: resourceKeyOf(endpoints.listRoles) });
    },
  });

  const confirmDelete = (role: RoleItem) =>
    confirmDanger({
      title: t('configRole.deleteTitle'),
      content: t('configRole.deleteConfirm', { name: role.name }),
      okText: t('listKit.delete'),
      onOk: () => remove.mutateAsync(role).catch(() => undefined),
    });

  const columns: SortableColumn<RoleItem>[] = [
    {
      title: t('configRole.name'),
      dataIndex: 'name',
      sortKey: 'name',
      render: (name: string, role) => (
        <Space size={6}>
          <strong>{name}</strong>
          {role.active === 'N' && <Tag>{t('listKit.inactive')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('configRole.type'),
      dataIndex: 'type',
      sortKey: 'type',
      render: (type: RoleItem['type']) => <Tag color={type === 'SUPER_ADMIN' ? 'gold' : 'blue'}>{t(`configRole.types.${type}`)}</Tag>,
    },
    { title: t('configRole.defaultPage'), dataIndex: 'defaultPage', render: (path: string) => pageTitle(path, t), responsive: ['lg'] },
    {
      title: t('configRole.discountPercent'),
      key: 'percent',
      render: (_: unknown, r) => <LimitRange min={r.minDiscountPercent} max={r.maxDiscountPercent} kind="percent" />,
    },
    {
      title: t('configRole.discountAmount'),
      key: 'amount',
      render: (_: unknown, r) => <LimitRange min={r.minDiscountAmount} max={r.maxDiscountAmount} kind="amount" />,
    },
    { title: t('configRole.users'), dataIndex: 'userCount', sortKey: 'users', align: 'right', render: (n: number) => f.number(n) },
    {
      title: t('configRole.tasks'),
      dataIndex: 'taskCount',
      sortKey: 'tasks',
      align: 'right',
      render: (n: number, r) => (r.superAdmin ? t('configRole.allTasks') : f.number(n)),
    },
    {
      title: t('listKit.actions'),
      key: 'actions',
      width: 120,
      render: (_: unknown, role) => {
        const canEdit = level !== 'view' && !role.superAdmin;
        return (
          <Space size={2}>
            <Tooltip title={canEdit ? t('listKit.edit') : t('listKit.view')}>
              <Button
                type="text"
                icon={canEdit ? <EditOutlined /> : <EyeOutlined />}
                aria-label={`${canEdit ? t('listKit.edit') : t('listKit.view')} ${role.name}`}
                onClick={() => setEditing({ mode: canEdit ? 'edit' : 'view', role })}
              />
            </Tooltip>
            {level === 'full' && !role.superAdmin && (
              <Tooltip title={t('listKit.delete')}>
                <Button type="text" danger icon={<DeleteOutlined />} aria-label={`${t('listKit.delete')} ${role.name}`} onClick={() => confirmDelete(role)} />
              </Tooltip>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <>
      <ListPage
        title={t('page.configRole')}
        subtitle={t('configRole.description')}
        actions={
          level !== 'view' && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'create' })}>
              {t('configRole.add')}
            </Button>
          )
        }
      >
        <ListToolbar keyword={list.keyword} onKeyword={list.setKeyword} searchPlaceholder={t('configRole.searchPlaceholder')} />
        <ListTable<RoleItem>
          state={list}
          rowKey={(role) => role.roleId}
          columns={columns}
          data={roles.data}
          loading={roles.isFetching}
          failed={roles.isError}
          onRetry={() => void roles.refetch()}
          emptyText={t('configRole.empty')}
          scrollX={960}
          label={t('page.configRole')}
        />
      </ListPage>
      {editing && <RoleDrawer editing={editing} onClose={() => setEditing(null)} />}
    </>
  );
}

function RoleDrawer({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<RoleForm>();
  const roleId = editing.mode === 'create' ? undefined : editing.role.roleId;
  const readOnly = editing.mode === 'view';
  const heldTasks = useHeldTasks();
  const detail = useQuery({
    queryKey: queryKeyOf(endpoints.getRole, roleId),
    queryFn: ({ signal }) => call(endpoints.getRole, { params: { roleId: roleId! }, signal }),
    enabled: roleId !== undefined,
    gcTime: 0,
  });
  const save = useMutation({
    mutationFn: (values: RoleForm) =>
      roleId ? call(endpoints.updateRole, { params: { roleId }, body: values }) : call(endpoints.createRole, { body: values }),
    onSuccess: (role) => {
      toast.success(t(roleId ? 'configRole.updated' : 'configRole.created', { name: role.name }));
      void queryClient.invalidateQueries({ queryKey: resourceKeyOf(endpoints.listRoles) });
      onClose();
    },
  });

  const ready = roleId === undefined || detail.data !== undefined;
  const initial: RoleForm | undefined = !ready
    ? undefined
    : detail.data
      ? {
          name: detail.data.name,
          type: detail.data.type === 'SUPER_ADMIN' ? 'ADMIN' : detail.data.type,
          defaultPage: detail.data.defaultPage,
          minDiscountPercent: detail.data.minDiscountPercent,
          maxDiscountPercent: detail.data.maxDiscountPercent,
          minDiscountAmount: detail.data.minDiscountAmount,
          maxDiscountAmount: detail.data.maxDiscountAmount,
          tasks: detail.data.tasks,
        }
      : {
          name: '',
          type: 'USER',
          defaultPage: '/dashboard',
          minDiscountPercent: 0,
          maxDiscountPercent: UNLIMITED,
          minDiscountAmount: '0',
          maxDiscountAmount: String(UNLIMITED),
          tasks: [],
        };

  const required = (label: string) => ({ required: true, message: t('validation.required', { label }) });
  const title =
    editing.mode === 'create'
      ? t('configRole.add')
      : readOnly
        ? t('configRole.viewTitle', { name: editing.role.name })
        : t('configRole.editTitle', { name: editing.role.name });
  const lessThanMax = (maxField: 'maxDiscountPercent' | 'maxDiscountAmount') => ({
    validator: async (_: unknown, min: number | string | null) => {
      const max = form.getFieldValue(maxField) as number | string | null;
      if (min === null || max === null || isUnlimited(min) || isUnlimited(max)) return;
      if (Number(min) > Number(max)) throw new Error(t('configRole.minAboveMax'));
    },
  });

  return (
    <FormDrawer
      title={title}
      size={760}
      onClose={onClose}
      save={readOnly ? undefined : { label: t('listKit.save'), pending: save.isPending, disabled: !ready, onSave: () => form.submit() }}
    >
      {initial && (
        <Form<RoleForm>
          form={form}
          layout="vertical"
          initialValues={initial}
          disabled={readOnly}
          onFinish={(values) => save.mutate(values)}
          requiredMark={!readOnly}
        >
          <Form.Item
            name="name"
            label={t('configRole.name')}
            rules={[required(t('configRole.name')), { whitespace: true, message: t('validation.required', { label: t('configRole.name') }) }]}
          >
            <Input maxLength={NAME_MAX} showCount autoFocus placeholder={t('configRole.namePlaceholder')} />
          </Form.Item>
          <div className="form-grid">
            <Form.Item name="type" label={t('configRole.type')} rules={[required(t('configRole.type'))]}>
              <Select options={EDITABLE_TYPES.map((type) => ({ value: type, label: t(`configRole.types.${type}`) }))} />
            </Form.Item>
            <Form.Item name="defaultPage" label={t('configRole.defaultPage')} rules={[required(t('configRole.defaultPage'))]}>
              <Select showSearch optionFilterProp="label" options={PAGE_CHOICES.map((r) => ({ value: r.path, label: textOfKey(t, r.titleKey) }))} />
            </Form.Item>
            <Form.Item
              name="minDiscountPercent"
              label={t('configRole.minDiscountPercent')}
              rules={[required(t('configRole.minDiscountPercent')), lessThanMax('maxDiscountPercent')]}
              dependencies={['maxDiscountPercent']}
            >
              <LimitInput kind="percent" />
            </Form.Item>
            <Form.Item name="maxDiscountPercent" label={t('configRole.maxDiscountPercent')} rules={[required(t('configRole.maxDiscountPercent'))]}>
              <LimitInput kind="percent" />
            </Form.Item>
            <Form.Item
              name="minDiscountAmount"
              label={t('configRole.minDiscountAmount')}
              rules={[required(t('configRole.minDiscountAmount')), lessThanMax('maxDiscountAmount')]}
              dependencies={['maxDiscountAmount']}
            >
              <LimitInput kind="amount" />
            </Form.Item>
            <Form.Item name="maxDiscountAmount" label={t('configRole.maxDiscountAmount')} rules={[required(t('configRole.maxDiscountAmount'))]}>
              <LimitInput kind="amount" />
            </Form.Item>
          </div>
          <Form.Item name="tasks" label={t('configRole.tasks')} extra={t('configRole.tasksHint')}>
            <TaskChecklist disabled={readOnly} grantable={(task) => mayGrant(heldTasks, task)} />
          </Form.Item>
          <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
        </Form>
      )}
    </FormDrawer>
  );
}
