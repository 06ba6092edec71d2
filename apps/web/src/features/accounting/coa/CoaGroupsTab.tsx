import { useState } from 'react';
import { Tag, type TableColumnsType } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { endpoints, type ActionLevel, type CoaGroup } from '@nusa/contracts';
import { call, callFile } from '../../../api/call.ts';
import { toast } from '../../../app/feedback.tsx';
import { useLanguage } from '../../../i18n/index.ts';
import { PagedList } from './PagedList.tsx';
import { RowActions } from './RowActions.tsx';
import { LockedTag, StatusTag, TYPE_COLORS } from './labels.tsx';
import { CoaGroupFormModal } from './CoaGroupFormModal.tsx';
import { COA_KEY } from './coa-queries.ts';

type Editing = { group?: CoaGroup } | undefined;

/** The COA groups list: system-predefined groups keep their code and cannot be activated, deactivated or removed. */
export function CoaGroupsTab({ level }: { level: ActionLevel }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: COA_KEY });

  const setActive = useMutation({
    mutationFn: (g: CoaGroup) => call(endpoints.setCoaGroupActive, { params: { groupId: g.groupId }, body: { active: g.active === 'Y' ? 'N' : 'Y' } }),
    onSuccess: async (saved) => {
      toast.success(t(saved.active === 'Y' ? 'ledger.activated' : 'ledger.deactivated', { code: saved.groupCode }));
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (g: CoaGroup) => call(endpoints.deleteCoaGroup, { params: { groupId: g.groupId } }).then(() => g),
    onSuccess: async (g) => {
      toast.success(t('ledger.deleted', { code: g.groupCode }));
      await refresh();
    },
  });

  const columns: TableColumnsType<CoaGroup> = [
    { key: 'code', title: t('ledger.code'), dataIndex: 'groupCode', width: 130, render: (code: string) => <span className="code-text">{code}</span> },
    { key: 'name', title: t('ledger.name'), dataIndex: 'groupName' },
    { key: 'type', title: t('ledger.type'), dataIndex: 'type', width: 130, render: (v: string) => <Tag color={TYPE_COLORS[v]}>{t(`ledger.types.${v}`)}</Tag> },
    { key: 'sign', title: t('ledger.sign'), dataIndex: 'sign', width: 100, render: (v: string) => t(`ledger.signs.${v}`) },
    { key: 'purpose', title: t('coaGroups.purpose'), dataIndex: 'purpose', width: 120, render: (v: string) => t(`ledger.purposes.${v}`) },
    {
      key: 'status',
      title: t('crud.status'),
      width: 190,
      render: (_: unknown, g) => (
        <>
          <StatusTag active={g.active} />
          {g.systemPredefined === 'Y' && <LockedTag label={t('coaGroups.system')} reason={t('coaGroups.systemLocked')} />}
        </>
      ),
    },
    {
      key: 'actions',
      title: t('crud.actions'),
      width: 170,
      align: 'right',
      render: (_: unknown, g) => (
        <RowActions
          code={g.groupCode}
          name={g.groupName}
          active={g.active}
          level={level}
          onEdit={() => setEditing({ group: g })}
          onToggle={() => setActive.mutateAsync(g)}
          onDelete={() => remove.mutateAsync(g)}
          removeLocked={g.systemPredefined === 'Y' ? t('coaGroups.systemLocked') : undefined}
        />
      ),
    },
  ];

  return (
    <>
      <PagedList<CoaGroup>
        cacheKey={[...COA_KEY, 'groups']}
        fetchPage={(query, signal) => call(endpoints.listCoaGroups, { query, signal })}
        rowKey="groupId"
        columns={columns}
        searchPlaceholder={t('coaGroups.search')}
        exportFile={(keyword) => callFile(endpoints.exportCoaGroups, { query: { keyword, lang } })}
        fileStem="coa-groups"
        addLabel={t('coaGroups.add')}
        onAdd={level === 'view' ? undefined : () => setEditing({})}
        emptyText={t('coaGroups.empty')}
      />
      <CoaGroupFormModal open={editing !== undefined} group={editing?.group} onClose={() => setEditing(undefined)} />
    </>
  );
}
