import { Alert, Button, DatePicker, Select, Tag, Tooltip } from 'antd';
import { DownloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  AUDIT_ACTIONS,
  AUDIT_LOG_SORT,
  AUDIT_MODULES,
  auditActionLabel,
  auditFieldChanges,
  auditModuleLabel,
  endpoints,
  hasAnyTask,
  type AuditAction,
  type AuditChainVerification,
  type AuditLogItem,
  type AuditModule,
} from '@nusa/contracts';
import { call, callFile, saveBlob } from '../../../api/call.ts';
import { toast } from '../../../app/feedback.tsx';
import { useSession } from '../../../app/session.ts';
import { useLanguage } from '../../../i18n/index.ts';
import { UserPicker } from '../../../app/components/pickers/UserPicker.tsx';
import { ListPage, ListTable, ListToolbar, useListState, type SortableColumn } from '../../../app/components/list/index.ts';
import { AuditChanges } from './AuditChanges.tsx';
import { queryKeyOf } from '../../../api/query-keys.ts';
import { useFormat } from '../../../app/use-format.ts';

interface AuditLogFilters {
  userId?: string;
  module?: AuditModule;
  action?: AuditAction;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** The user filter lists the tenant's users, which only holders of a user-configuration task may read. */
const USER_READ = ['readOnlyConfigUser', 'createEditConfigUser', 'writeAllConfigUser'];
const actionColor: Partial<Record<string, string>> = { create: 'green', update: 'blue', delete: 'red', deactivate: 'orange', activate: 'cyan' };

const fieldEnding = (values: unknown, ending: string) =>
  typeof values === 'object' && values !== null
    ? Object.entries(values).find(([key, value]) => key.endsWith(ending) && typeof value === 'string' && value !== '')?.[1]
    : undefined;

/** A record as people know it: its code and name where its values have them (xxxCode, xxxName), else its id. */
function recordLabel(e: AuditLogItem): string {
  const values = e.after ?? e.before;
  const label = [fieldEnding(values, 'Code'), fieldEnding(values, 'Name')].filter(Boolean).join(' · ');
  return label || e.entityId;
}

/** Accounting › Audit log (issue 11): every audited write of the tenant, its changes side by side, and the chain's check. */
export default function AuditLogPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const f = useFormat();
  const session = useSession();
  const list = useListState<AuditLogItem, AuditLogFilters, (typeof AUDIT_LOG_SORT)[number]>({ filters: {}, sortable: AUDIT_LOG_SORT });
  const { userId, module, action, range } = list.filters;
  const filter = {
    userId,
    module,
    action,
    record: list.query.keyword,
    from: range?.[0]?.format('YYYY-MM-DD'),
    to: range?.[1]?.format('YYYY-MM-DD'),
    sort: list.query.sort,
  };
  const entries = useQuery({
    queryKey: queryKeyOf(endpoints.listAuditLog, filter, list.page, list.pageSize),
    queryFn: ({ signal }) => call(endpoints.listAuditLog, { query: { ...filter, page: list.page, limit: list.pageSize }, signal }),
    placeholderData: keepPreviousData,
  });
  list.settle(entries.data, entries.isFetching);
  const exportFile = useMutation({
    mutationFn: () => callFile(endpoints.exportAuditLog, { query: { ...filter, lang: language } }),
    onSuccess: (blob) => {
      saveBlob(blob, `audit-log-${dayjs().format('YYYYMMDDHHmmss')}.xlsx`);
      toast.success(t('auditLog.exported'));
    },
  });
  // The list is read again with the check: a row changed behind the app's back then shows as it is stored now.
  const verify = useMutation({ mutationFn: () => call(endpoints.verifyAuditLog), onSuccess: () => void entries.refetch() });
  const time = (iso: string) => f.dateTime(iso, true);

  const columns: SortableColumn<AuditLogItem>[] = [
    { key: 'at', sortKey: 'at', title: t('auditLog.time'), dataIndex: 'at', width: 190, render: (at: string) => time(at) },
    {
      key: 'user',
      title: t('auditLog.user'),
      dataIndex: 'userName',
      render: (name: string | null) => name ?? <span className="muted-text">{t('auditLog.system')}</span>,
    },
    { key: 'module', title: t('auditLog.module'), dataIndex: 'module', render: (m: string) => auditModuleLabel(m, language) },
    {
      key: 'action',
      title: t('auditLog.action'),
      dataIndex: 'action',
      width: 150,
      render: (a: string) => <Tag color={actionColor[a]}>{auditActionLabel(a, language)}</Tag>,
    },
    {
      key: 'record',
      title: t('auditLog.record'),
      render: (_: unknown, e: AuditLogItem) => (
        <Tooltip title={e.entityId}>
          <span>
            <span className="muted-text">{e.entity}</span> <span className="code-text">{recordLabel(e)}</span>
          </span>
        </Tooltip>
      ),
    },
    {
      key: 'changes',
      title: t('auditLog.changes'),
      render: (_: unknown, e: AuditLogItem) => {
        const n = auditFieldChanges(e.before, e.after).filter((c) => c.changed).length;
        return n ? t('auditLog.fieldsChanged', { count: n }) : <span className="muted-text">{t('auditLog.noChange')}</span>;
      },
    },
  ];

  return (
    <ListPage
      title={t('auditLog.title')}
      subtitle={t('auditLog.description')}
      actions={
        <>
          <Button icon={<SafetyCertificateOutlined />} onClick={() => verify.mutate()} loading={verify.isPending}>
            {t('auditLog.verify')}
          </Button>
          <Button icon={<DownloadOutlined />} onClick={() => exportFile.mutate()} loading={exportFile.isPending}>
            {t('auditLog.export')}
          </Button>
        </>
      }
    >
      {verify.data && <VerifyResult result={verify.data} time={time} onClose={() => verify.reset()} />}
      <ListToolbar keyword={list.keyword} onKeyword={list.setKeyword} searchPlaceholder={t('auditLog.searchPlaceholder')}>
        {session && hasAnyTask(session.tasks, USER_READ) && (
          <div className="list-toolbar__filter list-toolbar__filter--wide">
            <UserPicker<string | undefined>
              value={userId}
              onChange={(v) => list.setFilter('userId', v)}
              placeholder={t('auditLog.allUsers')}
              aria-label={t('auditLog.user')}
            />
          </div>
        )}
        <Select<AuditModule>
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          className="list-toolbar__filter list-toolbar__filter--wide"
          placeholder={t('auditLog.allModules')}
          aria-label={t('auditLog.module')}
          value={module}
          onChange={(v) => list.setFilter('module', v)}
          options={(Object.keys(AUDIT_MODULES) as AuditModule[]).map((m) => ({ value: m, label: AUDIT_MODULES[m][language] }))}
        />
        <Select<AuditAction>
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          className="list-toolbar__filter"
          placeholder={t('auditLog.allActions')}
          aria-label={t('auditLog.action')}
          value={action}
          onChange={(v) => list.setFilter('action', v)}
          options={(Object.keys(AUDIT_ACTIONS) as AuditAction[]).map((a) => ({ value: a, label: AUDIT_ACTIONS[a][language] }))}
        />
        <DatePicker.RangePicker
          value={range}
          format="DD/MM/YYYY"
          allowEmpty={[true, true]}
          placeholder={[t('auditLog.from'), t('auditLog.to')]}
          onChange={(v) => list.setFilter('range', v)}
        />
      </ListToolbar>
      <ListTable<AuditLogItem>
        state={list}
        rowKey={(e) => e.id}
        columns={columns}
        data={entries.data}
        loading={entries.isFetching}
        failed={entries.isError}
        onRetry={() => void entries.refetch()}
        emptyText={t('auditLog.empty')}
        scrollX={1000}
        label={t('auditLog.title')}
        expandable={{ render: (e) => <AuditChanges entry={e} />, toggleText: (open) => (open ? t('auditLog.hideDetails') : t('auditLog.showDetails')) }}
        rowClassName={(e) => (verify.data?.firstBrokenSeq !== undefined && e.seq === verify.data.firstBrokenSeq ? 'audit-row--broken' : '')}
      />
    </ListPage>
  );
}

function VerifyResult({ result, time, onClose }: { result: AuditChainVerification; time: (iso: string) => string; onClose: () => void }) {
  const { t } = useTranslation();
  const message = result.ok
    ? t('auditLog.verifyOk', { count: result.checked })
    : t('auditLog.verifyBroken', {
        seq: result.firstBrokenSeq,
        at: result.firstBrokenAt ? t('auditLog.verifyAt', { at: time(result.firstBrokenAt) }) : '',
        reason: result.reason ? t(`auditLog.reason.${result.reason}`) : '',
        checked: result.checked,
      });
  return <Alert className="audit-verify" role="status" type={result.ok ? 'success' : 'error'} showIcon closable={{ onClose }} title={message} />;
}
