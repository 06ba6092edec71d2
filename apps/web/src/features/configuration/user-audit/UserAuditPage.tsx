import { Button, DatePicker, Tag, Tooltip } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { auditModuleLabel, endpoints, formatDuration, type UserAuditItem } from '@nusa/contracts';
import { call, callFile, saveBlob } from '../../../api/call.ts';
import { toast } from '../../../app/feedback.tsx';
import { useLanguage } from '../../../i18n/index.ts';
import { UserPicker } from '../../../app/components/pickers/UserPicker.tsx';
import { ListPage, ListTable, ListToolbar, useListState, type SortableColumn } from '../../../app/components/list/index.ts';
import { useFormat } from '../../../app/use-format.ts';
import { queryKeyOf } from '../../../api/query-keys.ts';

interface AuditFilters {
  userId?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

const codeColor = (code: number) => (code >= 200 && code < 300 ? 'success' : code === 401 || code === 403 ? 'warning' : 'error');

/** Configuration › User audit (spec 2, not in the menu; ConfigUser tasks): the tenant's login sessions. */
export default function UserAuditPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const f = useFormat();
  const list = useListState<UserAuditItem, AuditFilters>({ filters: {} });
  const { userId, range } = list.filters;
  const filter = {
    userId,
    from: range?.[0]?.format('YYYY-MM-DD'),
    to: range?.[1]?.format('YYYY-MM-DD'),
    keyword: list.query.keyword,
  };
  const sessions = useQuery({
    queryKey: queryKeyOf(endpoints.listUserAudit, filter, list.page, list.pageSize),
    queryFn: ({ signal }) => call(endpoints.listUserAudit, { query: { ...filter, page: list.page, limit: list.pageSize }, signal }),
    placeholderData: keepPreviousData,
  });
  list.settle(sessions.data, sessions.isFetching);
  const exportFile = useMutation({
    mutationFn: () => callFile(endpoints.exportUserAudit, { query: { ...filter, lang: language } }),
    onSuccess: (blob) => {
      saveBlob(blob, `user-audit-${dayjs().format('YYYYMMDDHHmmss')}.xlsx`);
      toast.success(t('userAudit.exported'));
    },
  });

  const columns: SortableColumn<UserAuditItem>[] = [
    {
      key: 'sessionId',
      title: t('userAudit.sessionId'),
      dataIndex: 'sessionId',
      width: 150,
      render: (id: string) => (
        <Tooltip title={id}>
          <span className="code-text">{id.slice(0, 12)}</span>
        </Tooltip>
      ),
    },
    { key: 'user', title: t('userAudit.user'), dataIndex: 'username' },
    {
      key: 'loginAt',
      title: t('userAudit.loginAt'),
      dataIndex: 'loginAt',
      render: (value: string) => f.dateTime(value, true),
    },
    {
      key: 'duration',
      title: t('userAudit.duration'),
      dataIndex: 'durationMs',
      render: (ms: number | null) => (ms === null ? <span className="muted-text">{t('userAudit.active')}</span> : formatDuration(ms, language)),
    },
    {
      key: 'responseCode',
      title: t('userAudit.responseCode'),
      dataIndex: 'responseCode',
      width: 140,
      render: (code: number) => <Tag color={codeColor(code)}>{code}</Tag>,
    },
    {
      key: 'module',
      title: t('userAudit.module'),
      dataIndex: 'module',
      render: (module: string) => auditModuleLabel(module, language),
    },
    { key: 'ip', title: t('userAudit.ip'), dataIndex: 'ip', render: (ip: string | null) => ip ?? '–' },
  ];

  return (
    <ListPage
      title={t('userAudit.title')}
      subtitle={t('userAudit.description')}
      actions={
        <Button icon={<DownloadOutlined />} onClick={() => exportFile.mutate()} loading={exportFile.isPending}>
          {t('userAudit.export')}
        </Button>
      }
    >
      <ListToolbar keyword={list.keyword} onKeyword={list.setKeyword} searchPlaceholder={t('userAudit.searchPlaceholder')}>
        <div className="list-toolbar__filter list-toolbar__filter--wide">
          <UserPicker<string | undefined>
            value={userId}
            onChange={(v) => list.setFilter('userId', v)}
            placeholder={t('userAudit.allUsers')}
            aria-label={t('userAudit.user')}
          />
        </div>
        <DatePicker.RangePicker
          value={range}
          format="DD/MM/YYYY"
          allowEmpty={[true, true]}
          placeholder={[t('userAudit.from'), t('userAudit.to')]}
          onChange={(v) => list.setFilter('range', v)}
        />
      </ListToolbar>
      <ListTable<UserAuditItem>
        state={list}
        rowKey={(s) => s.sessionId}
        columns={columns}
        data={sessions.data}
        loading={sessions.isFetching}
        failed={sessions.isError}
        onRetry={() => void sessions.refetch()}
        emptyText={t('userAudit.empty')}
        scrollX={980}
        label={t('userAudit.title')}
      />
    </ListPage>
  );
}
