import { useMemo, useState, type Key } from 'react';
import { Button, Empty, Input, Space, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { DownloadOutlined, MinusSquareOutlined, PlusOutlined, PlusSquareOutlined, SubnodeOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { endpoints, type ActionLevel, type CoaAccount } from '@nusa/contracts';
import { call, callFile, saveBlob } from '../../../api/call.ts';
import { ImportButton } from '../master/ImportButton.tsx';
import { importSheet } from '../master/import-run.ts';
import { toast } from '../../../app/feedback.tsx';
import { useDebounced } from '../../../app/components/LazySelect.tsx';
import { useFormat } from '../../../app/use-format.ts';
import { useLanguage } from '../../../i18n/index.ts';
import { accountKey, countAccounts, filterCoaTree, groupKey, parentKeys, toCoaNodes, type CoaNode } from './coa-tree.ts';
import type { CoaPlacement } from './coa-form.ts';
import { CoaFormModal, pickLabel } from './CoaFormModal.tsx';
import { RowActions } from './RowActions.tsx';
import { LockedTag, StatusTag, TYPE_COLORS } from './labels.tsx';
import { COA_KEY, useCoaTree } from './coa-queries.ts';
import { useCoaSheetLabels, useLabelledImportReport } from './import-report.tsx';

type Editing = { account?: CoaAccount; placement?: CoaPlacement } | undefined;

/** The chart of accounts as a tree: groups → main accounts → sub accounts, searchable, expandable all at once. */
export function CoaTreeTab({ level }: { level: ActionLevel }) {
  const { t } = useTranslation();
  const f = useFormat();
  const lang = useLanguage();
  const queryClient = useQueryClient();
  const tree = useCoaTree();
  const [search, setSearch] = useState('');
  const keyword = useDebounced(search.trim());
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  const [editing, setEditing] = useState<Editing>();
  const canEdit = level !== 'view';
  const importReport = useLabelledImportReport({
    ...useCoaSheetLabels(),
    coaCode: t('ledger.code'),
    coaName: t('ledger.name'),
    description: t('coaAccounts.description'),
    groupCode: t('coaAccounts.group'),
    mainAccountCode: t('coaAccounts.mainAccount'),
    detail: t('coaAccounts.detail'),
    isDefault: t('coaAccounts.default'),
    activityGlCode: t('coaAccounts.activityGlCode'),
    activityGlName: t('coaAccounts.activityGlName'),
  });

  const all = useMemo(() => toCoaNodes(tree.data ?? []), [tree.data]);
  const rows = useMemo(() => filterCoaTree(all, keyword), [all, keyword]);
  // A search opens every branch that leads to a match; clearing it goes back to what the user had open.
  const expandedKeys = keyword ? parentKeys(rows) : expanded;
  const knownLabels = useMemo(() => {
    const labels: Record<string, string> = {};
    for (const group of all) {
      if (group.kind === 'group') labels[group.group.groupId] = pickLabel(group.code, group.name);
      for (const main of group.children ?? []) if (main.kind === 'main') labels[main.account.coaId] = pickLabel(main.code, main.name);
    }
    return labels;
  }, [all]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: COA_KEY });
  const setActive = useMutation({
    mutationFn: (a: CoaAccount) => call(endpoints.setCoaActive, { params: { coaId: a.coaId }, body: { active: a.active === 'Y' ? 'N' : 'Y' } }),
    onSuccess: async (saved) => {
      toast.success(t(saved.active === 'Y' ? 'ledger.activated' : 'ledger.deactivated', { code: saved.coaCode }));
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (a: CoaAccount) => call(endpoints.deleteCoa, { params: { coaId: a.coaId } }).then(() => a),
    onSuccess: async (a) => {
      toast.success(t('ledger.deleted', { code: a.coaCode }));
      await refresh();
    },
  });
  const download = useMutation({
    mutationFn: () => callFile(endpoints.exportCoa, { query: { keyword: keyword || undefined, match: 'tree', lang } }),
    onSuccess: (blob) => {
      saveBlob(blob, `chart-of-accounts-${dayjs().format('YYYYMMDDHHmmss')}.xlsx`);
      toast.success(t('ledger.exported'));
    },
  });

  const addButton = (label: string, code: string, placement: CoaPlacement) => (
    <Tooltip title={label}>
      <Button type="text" icon={<SubnodeOutlined />} aria-label={`${label} ${code}`} onClick={() => setEditing({ placement })} />
    </Tooltip>
  );

  const columns: TableColumnsType<CoaNode> = [
    {
      key: 'code',
      title: t('ledger.code'),
      width: 200,
      render: (_: unknown, n) => <span className={n.kind === 'group' ? 'code-text coa-tree__group' : 'code-text'}>{n.code}</span>,
    },
    {
      key: 'name',
      title: t('ledger.name'),
      render: (_: unknown, n) => (
        <span className={n.kind === 'group' ? 'coa-tree__group' : undefined}>
          {n.name}
          {n.kind !== 'group' && n.account.description && <div className="muted-text coa-tree__description">{n.account.description}</div>}
        </span>
      ),
    },
    {
      key: 'type',
      title: t('ledger.type'),
      width: 110,
      render: (_: unknown, n) => {
        const type = n.kind === 'group' ? n.group.type : n.account.type;
        return <Tag color={TYPE_COLORS[type]}>{t(`ledger.types.${type}`)}</Tag>;
      },
    },
    { key: 'sign', title: t('ledger.sign'), width: 120, render: (_: unknown, n) => t(`ledger.signs.${n.kind === 'group' ? n.group.sign : n.account.sign}`) },
    {
      key: 'flags',
      title: t('crud.status'),
      width: 220,
      render: (_: unknown, n) => (
        <Space size={4} wrap>
          <StatusTag active={n.kind === 'group' ? n.group.active : n.account.active} />
          {n.kind === 'group' && n.group.systemPredefined === 'Y' && <LockedTag label={t('coaGroups.system')} reason={t('coaGroups.systemLocked')} />}
          {n.kind !== 'group' && n.account.detail === 'Y' && <Tag color="cyan">{t('coaAccounts.detail')}</Tag>}
          {n.kind !== 'group' && n.account.default === 'Y' && <LockedTag label={t('coaAccounts.default')} reason={t('coaAccounts.defaultLocked')} />}
        </Space>
      ),
    },
    {
      key: 'actions',
      title: t('crud.actions'),
      width: 170,
      align: 'right',
      render: (_: unknown, n) => {
        if (!canEdit) return null;
        if (n.kind === 'group') return <Space className="row-actions">{addButton(t('coaAccounts.addMain'), n.code, { groupId: n.group.groupId })}</Space>;
        const a = n.account;
        const locked = a.default === 'Y' ? t('coaAccounts.defaultLocked') : undefined;
        return (
          <RowActions
            code={a.coaCode}
            name={a.coaName}
            active={a.active}
            level={level}
            onEdit={() => setEditing({ account: a })}
            onToggle={() => setActive.mutateAsync(a)}
            onDelete={() => remove.mutateAsync(a)}
            editLocked={locked}
            extra={n.kind === 'main' ? addButton(t('coaAccounts.addSub'), a.coaCode, { groupId: a.groupId, mainAccountId: a.coaId }) : undefined}
          />
        );
      },
    },
  ];

  return (
    <>
      <div className="table-toolbar">
        <Space wrap>
          <Input.Search
            allowClear
            className="table-toolbar__search"
            placeholder={t('coaAccounts.search')}
            aria-label={t('coaAccounts.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          {/* A search already opens every branch leading to a match. */}
          <Tooltip title={t('coaAccounts.expandAll')}>
            <Button
              icon={<PlusSquareOutlined />}
              aria-label={t('coaAccounts.expandAll')}
              disabled={Boolean(keyword)}
              onClick={() => setExpanded(parentKeys(all))}
            />
          </Tooltip>
          <Tooltip title={t('coaAccounts.collapseAll')}>
            <Button icon={<MinusSquareOutlined />} aria-label={t('coaAccounts.collapseAll')} disabled={Boolean(keyword)} onClick={() => setExpanded([])} />
          </Tooltip>
        </Space>
        <Space wrap>
          <span className="section-card__hint">{t('coaAccounts.count', { value: f.number(countAccounts(rows)) })}</span>
          {canEdit && (
            <ImportButton
              upload={(file, onStage) => importSheet(endpoints.importCoa, file, onStage)}
              renderReport={importReport}
              onImported={() => void refresh()}
            />
          )}
          <Button icon={<DownloadOutlined />} loading={download.isPending} onClick={() => download.mutate()}>
            {t('masterKit.export')}
          </Button>
          {canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ placement: {} })}>
              {t('coaAccounts.add')}
            </Button>
          )}
        </Space>
      </div>
      <Table<CoaNode>
        rowKey="key"
        size="middle"
        className="coa-tree"
        columns={columns}
        dataSource={rows}
        loading={tree.isFetching}
        pagination={false}
        scroll={{ x: 1000 }}
        rowClassName={(n) => (n.kind === 'group' ? 'coa-tree__group-row' : '')}
        expandable={{
          expandedRowKeys: expandedKeys,
          onExpandedRowsChange: (keys) => {
            if (!keyword) setExpanded(keys);
          },
        }}
        locale={{
          emptyText: tree.isError ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.loadFailed')}>
              <Button onClick={() => void tree.refetch()}>{t('common.retry')}</Button>
            </Empty>
          ) : tree.isPending ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.loading')} />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={keyword ? t('crud.noMatch') : t('coaAccounts.empty')} />
          ),
        }}
      />
      <CoaFormModal
        open={editing !== undefined}
        account={editing?.account}
        placement={editing?.placement}
        knownLabels={knownLabels}
        onSaved={(a) => setExpanded((keys) => [...new Set([...keys, groupKey(a.groupId), ...(a.mainAccountId ? [accountKey(a.mainAccountId)] : [])])])}
        onClose={() => setEditing(undefined)}
      />
    </>
  );
}
