import { useState } from 'react';
import { Button, Empty, Input, Space, Table, type TableColumnsType } from 'antd';
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { saveBlob } from '../../../api/call.ts';
import { toast } from '../../../app/feedback.tsx';
import { useDebounced } from '../../../app/components/LazySelect.tsx';
import { usePaging } from '../../configuration/access/common.tsx';

export interface ListPage<T> {
  items: T[];
  total: number;
}

interface Props<T> {
  /** Query-cache key of the list; writes invalidate it. */
  cacheKey: readonly unknown[];
  fetchPage: (query: { page: number; limit: number; keyword?: string }, signal: AbortSignal) => Promise<ListPage<T>>;
  rowKey: keyof T & string;
  columns: TableColumnsType<T>;
  searchPlaceholder: string;
  /** The xlsx export of the rows matching the keyword, saved as `<fileStem>-<timestamp>.xlsx`. */
  exportFile: (keyword: string | undefined) => Promise<Blob>;
  fileStem: string;
  addLabel?: string;
  /** Absent for read-only holders. */
  onAdd?: () => void;
  emptyText: string;
}

/** A server-paged list with keyword search (debounced), xlsx export and an add button, with loading and empty states. */
export function PagedList<T extends object>({ cacheKey, fetchPage, rowKey, columns, searchPlaceholder, exportFile, fileStem, addLabel, onAdd, emptyText }: Props<T>) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const keyword = useDebounced(search.trim());
  const paging = usePaging();
  const list = useQuery({
    queryKey: [...cacheKey, keyword, paging.page, paging.pageSize],
    queryFn: ({ signal }) => fetchPage({ page: paging.page, limit: paging.pageSize, keyword: keyword || undefined }, signal),
    placeholderData: keepPreviousData,
  });
  const download = useMutation({
    mutationFn: () => exportFile(keyword || undefined),
    onSuccess: (blob) => {
      saveBlob(blob, `${fileStem}-${dayjs().format('YYYYMMDDHHmmss')}.xlsx`);
      toast.success(t('ledger.exported'));
    },
  });

  return (
    <>
      <div className="table-toolbar">
        <Input.Search
          allowClear
          className="table-toolbar__search"
          placeholder={searchPlaceholder}
          aria-label={searchPlaceholder}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            paging.reset();
          }}
        />
        <Space wrap>
          <Button icon={<DownloadOutlined />} loading={download.isPending} onClick={() => download.mutate()}>
            {t('ledger.export')}
          </Button>
          {onAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
              {addLabel}
            </Button>
          )}
        </Space>
      </div>
      <Table<T>
        rowKey={rowKey}
        size="middle"
        columns={columns}
        dataSource={list.data?.items ?? []}
        loading={list.isFetching}
        pagination={paging.pagination(list.data?.total ?? 0, t)}
        scroll={{ x: 900 }}
        locale={{
          emptyText: list.isError ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.loadFailed')}>
              <Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>
            </Empty>
          ) : list.isPending ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.loading')} />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={keyword ? t('crud.noMatch') : emptyText}>
              {onAdd && !keyword && (
                <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
                  {addLabel}
                </Button>
              )}
            </Empty>
          ),
        }}
      />
    </>
  );
}
