import { useMemo, useState } from 'react';
import { Button, Card, Empty, Input, Popconfirm, Space, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, FileTextOutlined, PlusOutlined, PoweroffOutlined, SubnodeOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DEFAULT_PAGE_SIZE, OU_TYPES, PAGE_SIZES, actionLevel, endpoints, type OrgUnit } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { toast } from '../../../app/feedback.tsx';
import { useSession } from '../../../app/session.ts';
import { ORG_UNITS_KEY, OU_TYPE_COLORS, buildOrgUnitTree, treeIds, useOrgUnits, type OrgUnitNode } from './org-units.ts';
import { OrgUnitFormModal } from './OrgUnitFormModal.tsx';
import { PageHeading } from '../../../app/components/PageHeading.tsx';
import { usePhoneLayout } from '../../../app/components/viewport.ts';
import { useConfirmDanger } from '../../../app/components/confirm-danger.ts';

const typeKey = (code: string) => OU_TYPES.find((x) => x.code === code)?.key;

type Editing = { unit?: OrgUnit; parentId?: string } | undefined;

/** Configuration › Business unit (spec 2, 5): the OU tree with the hierarchy rules, activation and deletion. */
export default function BusinessUnitPage() {
  const { t } = useTranslation();
  const confirmDanger = useConfirmDanger();
  const navigate = useNavigate();
  const session = useSession();
  const level = actionLevel(session?.tasks ?? [], 'ConfigBusinessUnit');
  const canEdit = level !== 'view';
  const queryClient = useQueryClient();
  const units = useOrgUnits();
  const phone = usePhoneLayout();
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<Editing>();
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());

  const tree = useMemo(() => buildOrgUnitTree(units.data ?? [], keyword), [units.data, keyword]);
  const expanded = useMemo(() => treeIds(tree).filter((id) => keyword || !collapsed.has(id)), [tree, collapsed, keyword]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ORG_UNITS_KEY });
  const setActive = useMutation({
    mutationFn: (unit: OrgUnit) => call(endpoints.setOrgUnitActive, { params: { ouId: unit.ouId }, body: { active: unit.active === 'Y' ? 'N' : 'Y' } }),
    onSuccess: async (saved) => {
      toast.success(t(saved.active === 'Y' ? 'businessUnit.activated' : 'businessUnit.deactivated', { code: saved.ouCode }));
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (unit: OrgUnit) => call(endpoints.deleteOrgUnit, { params: { ouId: unit.ouId } }).then(() => unit),
    onSuccess: async (unit) => {
      toast.success(t('businessUnit.deleted', { code: unit.ouCode }));
      await refresh();
    },
  });

  const confirmDelete = (unit: OrgUnit) =>
    confirmDanger({
      title: t('businessUnit.deleteTitle'),
      content: t('businessUnit.deleteConfirm', { code: unit.ouCode, name: unit.ouName }),
      okText: t('crud.delete'),
      onOk: () => remove.mutateAsync(unit).catch(() => undefined),
    });

  const columns: TableColumnsType<OrgUnitNode> = [
    {
      key: 'code',
      title: t('businessUnit.code'),
      dataIndex: 'ouCode',
      width: phone ? undefined : 260,
      // A phone shows code and name in one column, and leaves type and status to the edit form.
      render: (code: string, unit) =>
        phone ? (
          <span className="cell-stack">
            <span className="code-text">{code}</span>
            <span className="muted-text">{unit.ouName}</span>
          </span>
        ) : (
          <span className="code-text">{code}</span>
        ),
    },
    { key: 'name', title: t('businessUnit.name'), dataIndex: 'ouName', responsive: ['md'] },
    {
      key: 'type',
      title: t('businessUnit.type'),
      dataIndex: 'ouTypeCode',
      width: 200,
      responsive: ['md'],
      render: (code: string) => {
        const key = typeKey(code);
        return <Tag color={OU_TYPE_COLORS[code]}>{key ? t(`businessUnit.types.${key}`) : code}</Tag>;
      },
    },
    {
      key: 'active',
      title: t('crud.status'),
      dataIndex: 'active',
      width: 110,
      responsive: ['md'],
      render: (active: 'Y' | 'N') => <Tag color={active === 'Y' ? 'success' : 'default'}>{t(active === 'Y' ? 'crud.active' : 'crud.inactive')}</Tag>,
    },
    {
      key: 'actions',
      title: t('crud.actions'),
      width: phone ? undefined : 220,
      align: 'right',
      render: (_: unknown, unit) => (
        <Space size={2} className="row-actions" wrap={phone}>
          <Tooltip title={t('legalInfo.title')}>
            <Button
              type="text"
              icon={<FileTextOutlined />}
              aria-label={`${t('legalInfo.title')} ${unit.ouCode}`}
              onClick={() => navigate(`/configuration/business-unit/edit-legal-info/${encodeURIComponent(unit.ouCode)}`)}
            />
          </Tooltip>
          {canEdit && (
            <>
              <Tooltip title={t('businessUnit.addChild')}>
                <Button
                  type="text"
                  icon={<SubnodeOutlined />}
                  aria-label={`${t('businessUnit.addChild')} ${unit.ouCode}`}
                  onClick={() => setEditing({ parentId: unit.ouId })}
                />
              </Tooltip>
              <Tooltip title={t('crud.edit')}>
                <Button type="text" icon={<EditOutlined />} aria-label={`${t('crud.edit')} ${unit.ouCode}`} onClick={() => setEditing({ unit })} />
              </Tooltip>
              <Popconfirm
                title={t(unit.active === 'Y' ? 'businessUnit.deactivateConfirm' : 'businessUnit.activateConfirm', { code: unit.ouCode })}
                okText={t(unit.active === 'Y' ? 'crud.deactivate' : 'crud.activate')}
                cancelText={t('common.cancel')}
                onConfirm={() => setActive.mutateAsync(unit).catch(() => undefined)}
              >
                <Tooltip title={t(unit.active === 'Y' ? 'crud.deactivate' : 'crud.activate')}>
                  <Button
                    type="text"
                    icon={<PoweroffOutlined />}
                    className={unit.active === 'Y' ? 'row-actions__off' : 'row-actions__on'}
                    aria-label={`${t(unit.active === 'Y' ? 'crud.deactivate' : 'crud.activate')} ${unit.ouCode}`}
                  />
                </Tooltip>
              </Popconfirm>
            </>
          )}
          {level === 'full' && (
            <Tooltip title={t('crud.delete')}>
              <Button type="text" danger icon={<DeleteOutlined />} aria-label={`${t('crud.delete')} ${unit.ouCode}`} onClick={() => confirmDelete(unit)} />
            </Tooltip>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div>
      <PageHeading title={t('businessUnit.title')} subtitle={t('businessUnit.description')}>
        {canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
            {t('businessUnit.add')}
          </Button>
        )}
      </PageHeading>
      <Card className="section-card">
        <div className="table-toolbar">
          <Input.Search
            allowClear
            className="table-toolbar__search"
            placeholder={t('businessUnit.searchPlaceholder')}
            aria-label={t('crud.search')}
            onSearch={(value) => setKeyword(value)}
            onChange={(e) => setKeyword(e.target.value)}
          />
          <span className="section-card__hint">{t('businessUnit.count', { count: units.data?.length ?? 0 })}</span>
        </div>
        <Table<OrgUnitNode>
          rowKey="ouId"
          size="middle"
          columns={columns}
          dataSource={tree}
          loading={units.isPending}
          // Pages count top-level units; each carries its whole subtree.
          pagination={{
            defaultPageSize: DEFAULT_PAGE_SIZE,
            pageSizeOptions: PAGE_SIZES.map(String),
            showSizeChanger: true,
            hideOnSinglePage: tree.length <= PAGE_SIZES[0],
            showTotal: (total) => t('businessUnit.topLevel', { count: total }),
          }}
          scroll={phone ? undefined : { x: 900 }}
          expandable={{
            expandedRowKeys: expanded,
            onExpand: (open, row) =>
              setCollapsed((prev) => {
                const next = new Set(prev);
                if (open) next.delete(row.ouId);
                else next.add(row.ouId);
                return next;
              }),
          }}
          locale={{
            emptyText: units.isError ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.loadFailed')}>
                <Button onClick={() => void units.refetch()}>{t('common.retry')}</Button>
              </Empty>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={keyword ? t('crud.noMatch') : t('businessUnit.empty')}>
                {canEdit && !keyword && (
                  <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
                    {t('businessUnit.add')}
                  </Button>
                )}
              </Empty>
            ),
          }}
        />
      </Card>
      <OrgUnitFormModal
        open={editing !== undefined}
        unit={editing?.unit}
        parentId={editing?.parentId}
        units={units.data ?? []}
        onClose={() => setEditing(undefined)}
      />
    </div>
  );
}
