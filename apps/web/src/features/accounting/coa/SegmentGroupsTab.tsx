import { useState } from 'react';
import type { TableColumnsType } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { endpoints, type ActionLevel, type SegmentGroup } from '@nusa/contracts';
import { call, callFile } from '../../../api/call.ts';
import { toast } from '../../../app/feedback.tsx';
import { useLanguage } from '../../../i18n/index.ts';
import { PagedList } from './PagedList.tsx';
import { RowActions } from './RowActions.tsx';
import { StatusTag } from './labels.tsx';
import { SegmentGroupFormModal } from './SegmentGroupFormModal.tsx';
import { COA_KEY } from './coa-queries.ts';

type Editing = { segment?: SegmentGroup } | undefined;

/** The segment groups list (reporting segments of the chart of accounts). */
export function SegmentGroupsTab({ level }: { level: ActionLevel }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: COA_KEY });

  const setActive = useMutation({
    mutationFn: (s: SegmentGroup) => call(endpoints.setSegmentGroupActive, { params: { segmentId: s.segmentId }, body: { active: s.active === 'Y' ? 'N' : 'Y' } }),
    onSuccess: async (saved) => {
      toast.success(t(saved.active === 'Y' ? 'ledger.activated' : 'ledger.deactivated', { code: saved.segmentCode }));
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (s: SegmentGroup) => call(endpoints.deleteSegmentGroup, { params: { segmentId: s.segmentId } }).then(() => s),
    onSuccess: async (s) => {
      toast.success(t('ledger.deleted', { code: s.segmentCode }));
      await refresh();
    },
  });

  const columns: TableColumnsType<SegmentGroup> = [
    { key: 'code', title: t('ledger.code'), dataIndex: 'segmentCode', width: 160, render: (code: string) => <span className="code-text">{code}</span> },
    { key: 'name', title: t('ledger.name'), dataIndex: 'segmentName' },
    { key: 'status', title: t('crud.status'), dataIndex: 'active', width: 120, render: (active: 'Y' | 'N') => <StatusTag active={active} /> },
    {
      key: 'actions',
      title: t('crud.actions'),
      width: 150,
      align: 'right',
      render: (_: unknown, s) => (
        <RowActions
          code={s.segmentCode}
          name={s.segmentName}
          active={s.active}
          level={level}
          onEdit={() => setEditing({ segment: s })}
          onToggle={() => setActive.mutateAsync(s)}
          onDelete={() => remove.mutateAsync(s)}
        />
      ),
    },
  ];

  return (
    <>
      <PagedList<SegmentGroup>
        cacheKey={[...COA_KEY, 'segments']}
        fetchPage={(query, signal) => call(endpoints.listSegmentGroups, { query, signal })}
        rowKey="segmentId"
        columns={columns}
        searchPlaceholder={t('segmentGroups.search')}
        exportFile={(keyword) => callFile(endpoints.exportSegmentGroups, { query: { keyword, lang } })}
        fileStem="segment-groups"
        addLabel={t('segmentGroups.add')}
        onAdd={level === 'view' ? undefined : () => setEditing({})}
        emptyText={t('segmentGroups.empty')}
      />
      <SegmentGroupFormModal open={editing !== undefined} segment={editing?.segment} onClose={() => setEditing(undefined)} />
    </>
  );
}
