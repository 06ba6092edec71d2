import { useState } from 'react';
import { Button, Card, Form, Input, Segmented, Select, Space, Switch, Tag, Tooltip } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined, EyeOutlined, MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { APPROVAL_DOCUMENT_TYPES, APPROVAL_FLOW_SORT, actionLevel, endpoints, type ApprovalFlow, type ApprovalLevel } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { FormDrawer } from '../../../app/components/FormDrawer.tsx';
import { ListPage, ListTable, ListToolbar, useListState, type SortableColumn } from '../../../app/components/list/index.ts';
import { toast } from '../../../app/feedback.tsx';
import { useHeldTasks } from '../../../app/session.ts';
import { RolePicker } from '../../../app/components/pickers/RolePicker.tsx';
import { UserPicker } from '../../../app/components/pickers/UserPicker.tsx';
import { MoneyInput } from '../../../app/components/MoneyInput.tsx';
import { useFormat } from '../../../app/use-format.ts';
import { OrgUnitPicker } from '../../../app/components/pickers/OrgUnitPicker.tsx';
import { bandInOrder, documentTypeKey, emptyLevel, formOfFlow, inputOfForm, knownNames, newFlowForm, type FlowForm } from './flow-form.ts';
import './approval-flows.css';
import { useConfirmDanger } from '../../../app/components/confirm-danger.ts';
import { resourceKeyOf } from '../../../api/query-keys.ts';

type Editing = { mode: 'create' } | { mode: 'edit' | 'view'; flow: ApprovalFlow };

function BandText({ level }: { level: Pick<ApprovalLevel, 'amountAbove' | 'amountUpTo'> }) {
  const { t } = useTranslation();
  const f = useFormat();
  const parts = [
    level.amountAbove && t('approvals.bandAbove', { amount: f.decimal(level.amountAbove, true) }),
    level.amountUpTo && t('approvals.bandUpTo', { amount: f.decimal(level.amountUpTo, true) }),
  ].filter(Boolean);
  return <>{parts.length ? parts.join(', ') : t('approvals.bandAny')}</>;
}

/** Accounting › Approval flows (issue 11): who approves which document type in which OU, in levels by amount. */
export default function ApprovalFlowPage() {
  const { t } = useTranslation();
  const confirmDanger = useConfirmDanger();
  const queryClient = useQueryClient();
  const level = actionLevel(useHeldTasks(), 'ErpApprovalFlow');
  const list = useListState<ApprovalFlow, { documentTypeId?: number }, (typeof APPROVAL_FLOW_SORT)[number]>({ filters: {}, sortable: APPROVAL_FLOW_SORT });
  const [editing, setEditing] = useState<Editing | null>(null);
  const flows = useQuery({
    queryKey: [...resourceKeyOf(endpoints.listApprovalFlows), 'list', list.query, list.filters],
    queryFn: ({ signal }) => call(endpoints.listApprovalFlows, { query: { ...list.query, ...list.filters }, signal }),
    placeholderData: keepPreviousData,
  });
  list.settle(flows.data, flows.isFetching);

  const remove = useMutation({
    mutationFn: (flow: ApprovalFlow) => call(endpoints.deleteApprovalFlow, { params: { flowId: flow.flowId } }),
    onSuccess: (_d, flow) => {
      toast.success(t('approvals.deleted', { name: flow.name }));
      void queryClient.invalidateQueries({ queryKey: resourceKeyOf(endpoints.listApprovalFlows) });
    },
  });
  const confirmDelete = (flow: ApprovalFlow) =>
    confirmDanger({
      title: t('approvals.deleteTitle'),
      content: t('approvals.deleteConfirm', { name: flow.name }),
      okText: t('listKit.delete'),
      onOk: () => remove.mutateAsync(flow).catch(() => undefined),
    });

  const typeLabel = (id: number) => {
    const key = documentTypeKey(id);
    return key ? t(`approvals.types.${key}`) : String(id);
  };
  const columns: SortableColumn<ApprovalFlow>[] = [
    {
      title: t('approvals.name'),
      dataIndex: 'name',
      sortKey: 'name',
      render: (name: string, f) => (
        <Space size={6}>
          <strong>{name}</strong>
          {f.active === 'N' && <Tag>{t('listKit.inactive')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('approvals.documentType'),
      dataIndex: 'documentTypeId',
      sortKey: 'documentType',
      render: (id: number) => <Tag color="blue">{typeLabel(id)}</Tag>,
    },
    {
      title: t('approvals.ou'),
      key: 'ou',
      render: (_: unknown, f) => (f.ouId ? `${f.ouCode} - ${f.ouName}` : <span className="muted-text">{t('approvals.allOus')}</span>),
    },
    {
      title: t('approvals.levels'),
      key: 'levels',
      render: (_: unknown, f) => (
        <ol className="flow-levels">
          {f.levels.map((l) => (
            <li key={l.levelNo}>
              <span className="flow-levels__who">{[...l.roles, ...l.users].map((a) => a.name).join(', ')}</span>
              <span className="muted-text">
                {' '}
                · {t(`approvals.modes.${l.mode}`)} · <BandText level={l} />
              </span>
            </li>
          ))}
        </ol>
      ),
    },
    {
      title: t('listKit.actions'),
      key: 'actions',
      width: 110,
      render: (_: unknown, flow) => (
        <Space size={2}>
          <Tooltip title={level !== 'view' ? t('listKit.edit') : t('listKit.view')}>
            <Button
              type="text"
              icon={level !== 'view' ? <EditOutlined /> : <EyeOutlined />}
              aria-label={`${level !== 'view' ? t('listKit.edit') : t('listKit.view')} ${flow.name}`}
              onClick={() => setEditing({ mode: level !== 'view' ? 'edit' : 'view', flow })}
            />
          </Tooltip>
          {level === 'full' && (
            <Tooltip title={t('listKit.delete')}>
              <Button type="text" danger icon={<DeleteOutlined />} aria-label={`${t('listKit.delete')} ${flow.name}`} onClick={() => confirmDelete(flow)} />
            </Tooltip>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <ListPage
        title={t('page.approvalFlow')}
        subtitle={t('approvals.description')}
        actions={
          level !== 'view' && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'create' })}>
              {t('approvals.add')}
            </Button>
          )
        }
      >
        <ListToolbar keyword={list.keyword} onKeyword={list.setKeyword} searchPlaceholder={t('approvals.searchPlaceholder')}>
          <Select
            allowClear
            className="list-toolbar__filter"
            placeholder={t('approvals.documentType')}
            aria-label={t('approvals.documentType')}
            value={list.filters.documentTypeId}
            onChange={(documentTypeId?: number) => list.setFilters({ documentTypeId })}
            options={APPROVAL_DOCUMENT_TYPES.map((d) => ({ value: d.id, label: t(`approvals.types.${d.key}`) }))}
          />
        </ListToolbar>
        <ListTable<ApprovalFlow>
          state={list}
          rowKey={(f) => f.flowId}
          columns={columns}
          data={flows.data}
          loading={flows.isFetching}
          failed={flows.isError}
          onRetry={() => void flows.refetch()}
          emptyText={t('approvals.empty')}
          scrollX={900}
          label={t('page.approvalFlow')}
        />
      </ListPage>
      {editing && <FlowDrawer editing={editing} onClose={() => setEditing(null)} />}
    </>
  );
}

function FlowDrawer({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FlowForm>();
  const readOnly = editing.mode === 'view';
  const saved = editing.mode === 'create' ? undefined : editing.flow;
  const names = knownNames(saved);
  const save = useMutation({
    mutationFn: (values: FlowForm) =>
      saved
        ? call(endpoints.updateApprovalFlow, { params: { flowId: saved.flowId }, body: inputOfForm(values) })
        : call(endpoints.createApprovalFlow, { body: inputOfForm(values) }),
    onSuccess: (flow) => {
      toast.success(t(saved ? 'approvals.updated' : 'approvals.created', { name: flow.name }));
      void queryClient.invalidateQueries({ queryKey: resourceKeyOf(endpoints.listApprovalFlows) });
      onClose();
    },
  });
  const title = !saved ? t('approvals.add') : readOnly ? t('approvals.viewTitle', { name: saved.name }) : t('approvals.editTitle', { name: saved.name });
  const required = (label: string) => ({ required: true, message: t('validation.required', { label }) });

  return (
    <FormDrawer
      title={title}
      size={720}
      onClose={onClose}
      maskClosable={readOnly}
      save={readOnly ? undefined : { label: t('listKit.save'), pending: save.isPending, onSave: () => form.submit() }}
    >
      <Form<FlowForm>
        form={form}
        layout="vertical"
        initialValues={saved ? formOfFlow(saved) : newFlowForm()}
        disabled={readOnly}
        requiredMark={!readOnly}
        onFinish={(v) => save.mutate(v)}
      >
        <Form.Item
          name="name"
          label={t('approvals.name')}
          rules={[required(t('approvals.name')), { whitespace: true, message: t('validation.required', { label: t('approvals.name') }) }]}
        >
          <Input maxLength={100} autoFocus placeholder={t('approvals.namePlaceholder')} />
        </Form.Item>
        <div className="flow-form__grid">
          <Form.Item name="documentTypeId" label={t('approvals.documentType')} rules={[required(t('approvals.documentType'))]}>
            <Select options={APPROVAL_DOCUMENT_TYPES.map((d) => ({ value: d.id, label: t(`approvals.types.${d.key}`) }))} />
          </Form.Item>
          <Form.Item name="ouId" label={t('approvals.ou')}>
            <OrgUnitPicker allowClear placeholder={t('approvals.ouPlaceholder')} knownLabel={saved?.ouId ? `${saved.ouCode} - ${saved.ouName}` : undefined} />
          </Form.Item>
        </div>
        <Form.Item name="active" label={t('approvals.active')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.List name="levels">
          {(fields, { add, remove, move }) => (
            <div className="flow-form__levels" role="group" aria-label={t('approvals.levels')}>
              <div className="flow-form__levels-title">{t('approvals.levels')}</div>
              {fields.map((field, index) => (
                <Card
                  key={field.key}
                  size="small"
                  className="flow-form__level"
                  title={t('approvals.levelTitle', { level: index + 1 })}
                  extra={
                    !readOnly && (
                      <Space size={0}>
                        <Button
                          type="text"
                          size="small"
                          icon={<ArrowUpOutlined />}
                          disabled={index === 0}
                          aria-label={t('approvals.moveUp', { level: index + 1 })}
                          onClick={() => move(index, index - 1)}
                        />
                        <Button
                          type="text"
                          size="small"
                          icon={<ArrowDownOutlined />}
                          disabled={index === fields.length - 1}
                          aria-label={t('approvals.moveDown', { level: index + 1 })}
                          onClick={() => move(index, index + 1)}
                        />
                        <Button
                          type="text"
                          size="small"
                          danger
                          icon={<MinusCircleOutlined />}
                          disabled={fields.length === 1}
                          aria-label={t('approvals.removeLevel', { level: index + 1 })}
                          onClick={() => remove(field.name)}
                        />
                      </Space>
                    )
                  }
                >
                  <Form.Item name={[field.name, 'mode']} label={t('approvals.mode')}>
                    <Segmented block options={(['any', 'all'] as const).map((m) => ({ value: m, label: t(`approvals.modes.${m}`) }))} />
                  </Form.Item>
                  <div className="flow-form__grid">
                    <Form.Item name={[field.name, 'amountAbove']} label={t('approvals.amountAbove')}>
                      <MoneyInput prefix="Rp" cents placeholder={t('approvals.fromZero')} aria-label={`${t('approvals.amountAbove')} ${index + 1}`} />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'amountUpTo']}
                      label={t('approvals.amountUpTo')}
                      dependencies={[['levels', field.name, 'amountAbove']]}
                      rules={[
                        {
                          validator: async (_: unknown, upTo: string | null) => {
                            const above = form.getFieldValue(['levels', field.name, 'amountAbove']) as string | null;
                            if (!bandInOrder(above, upTo)) throw new Error(t('approvals.bandOrder'));
                          },
                        },
                      ]}
                    >
                      <MoneyInput prefix="Rp" cents placeholder={t('approvals.noLimit')} aria-label={`${t('approvals.amountUpTo')} ${index + 1}`} />
                    </Form.Item>
                  </div>
                  <Form.Item
                    name={[field.name, 'roleIds']}
                    label={t('approvals.roles')}
                    dependencies={[['levels', field.name, 'userIds']]}
                    rules={[
                      {
                        validator: async (_: unknown, roleIds: string[] | undefined) => {
                          const userIds = form.getFieldValue(['levels', field.name, 'userIds']) as string[] | undefined;
                          if (!roleIds?.length && !userIds?.length) throw new Error(t('approvals.approversRequired'));
                        },
                      },
                    ]}
                  >
                    <RolePicker<string[]> multiple knownLabels={names} aria-label={`${t('approvals.roles')} ${index + 1}`} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'userIds']} label={t('approvals.users')}>
                    <UserPicker<string[]> multiple aria-label={`${t('approvals.users')} ${index + 1}`} />
                  </Form.Item>
                </Card>
              ))}
              {!readOnly && (
                <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add(emptyLevel())} disabled={fields.length >= 10}>
                  {t('approvals.addLevel')}
                </Button>
              )}
            </div>
          )}
        </Form.List>
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </FormDrawer>
  );
}
