import { useState } from 'react';
import { Button, Card, DatePicker, Empty, Input, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, endpoints, formatDuration, type UserAuditItem } from '@nusa/contracts';
import { call, callFile, saveBlob } from '../../../api/call.ts';
import { toast } from '../../../app/feedback.tsx';
import { formatNumber } from '../../../app/format.ts';
import { useLanguage } from '../../../i18n/index.ts';
import { UserPicker } from '../pickers/UserPicker.tsx';
import { useDebounced } from '../../../app/components/LazySelect.tsx';
import { PageHeading } from '../../../app/components/PageHeading.tsx';

const MODULE_KEYS: Record<string, string> = {
  login: 'dashboard.moduleLogin',
  'session-key': 'dashboard.moduleSessionKey',
  redirect: 'dashboard.moduleRedirect',
};

const codeColor = (code: number) => (code >= 200 && code < 300 ? 'success' : code === 401 || code === 403 ? 'warning' : 'error');

/** Configuration › User audit (spec 2, not in the menu; ConfigUser tasks): the tenant's login sessions. */
export default function UserAuditPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [userId, setUserId] = useState<string | undefined>();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [search, setSearch] = useState('');
  const keyword = useDebounced(search.trim());
  const [paging, setPaging] = useState({ page: 1, limit: DEFAULT_PAGE_SIZE as number });

  const filter = {
    userId,
    from: range?.[0]?.format('YYYY-MM-DD'),
    to: range?.[1]?.format('YYYY-MM-DD'),
    keyword: keyword || undefined,
  };
  const list = useQuery({
    queryKey: ['config', 'user-audit', filter, paging],
    queryFn: ({ signal }) => call(endpoints.listUserAudit, { query: { ...filter, page: paging.page, limit: paging.limit }, signal }),
    placeholderData: keepPreviousData,
  });
  const exportFile = useMutation({
    mutationFn: () => callFile(endpoints.exportUserAudit, { query: { ...filter, lang: language } }),
    onSuccess: (blob) => {
      saveBlob(blob, `user-audit-${dayjs().format('YYYYMMDDHHmmss')}.xlsx`);
      toast.success(t('userAudit.exported'));
    },
  });
  const resetPage = () => setPaging((p) => ({ ...p, page: 1 }));

  const columns: TableColumnsType<UserAuditItem> = [
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
      render: (value: string) => dayjs(value).locale(language).format('D MMM YYYY, HH:mm:ss'),
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
      render: (module: string) => (MODULE_KEYS[module] ? t(MODULE_KEYS[module]) : module),
    },
    { key: 'ip', title: t('userAudit.ip'), dataIndex: 'ip', render: (ip: string | null) => ip ?? '–' },
  ];

  return (
    <div>
      <PageHeading title={t('userAudit.title')} subtitle={t('userAudit.description')}>
        <Button icon={<DownloadOutlined />} onClick={() => exportFile.mutate()} loading={exportFile.isPending}>
          {t('userAudit.export')}
        </Button>
      </PageHeading>
      <Card className="section-card">
        <div className="table-toolbar table-toolbar--filters">
          <Input.Search
            allowClear
            className="table-toolbar__search"
            placeholder={t('userAudit.searchPlaceholder')}
            aria-label={t('crud.search')}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              resetPage();
            }}
          />
          <div className="table-toolbar__filter">
            <UserPicker<string | undefined>
              value={userId}
              onChange={(v) => {
                setUserId(v);
                resetPage();
              }}
              placeholder={t('userAudit.allUsers')}
              aria-label={t('userAudit.user')}
            />
          </div>
          <DatePicker.RangePicker
            value={range}
            format="DD/MM/YYYY"
            allowEmpty={[true, true]}
            placeholder={[t('userAudit.from'), t('userAudit.to')]}
            onChange={(v) => {
              setRange(v);
              resetPage();
            }}
          />
        </div>
        <Table<UserAuditItem>
          rowKey="sessionId"
          size="middle"
          columns={columns}
          dataSource={list.data?.items ?? []}
          loading={list.isFetching}
          scroll={{ x: 980 }}
          pagination={{
            current: paging.page,
            pageSize: paging.limit,
            total: list.data?.total ?? 0,
            pageSizeOptions: PAGE_SIZES.map(String),
            showSizeChanger: true,
            showTotal: (total) => t('crud.total', { count: total, value: formatNumber(total) }),
            onChange: (page, limit) => setPaging({ page: limit === paging.limit ? page : 1, limit }),
          }}
          locale={{
            emptyText: list.isError ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.loadFailed')}>
                <Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>
              </Empty>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('userAudit.empty')} />
            ),
          }}
        />
      </Card>
    </div>
  );
}
