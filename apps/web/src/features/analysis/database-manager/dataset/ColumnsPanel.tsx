import { useState } from 'react';
import { Button, Table, Tag } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Dataset, DatasetColumn } from '@nusa/contracts';
import { ColumnDialog } from './ColumnDialog.tsx';

export const TYPE_COLOURS = { number: 'blue', money: 'green', percent: 'purple', date: 'orange', text: 'default' } as const;

/** The dataset's columns with their types; who may edit renames or retypes one. */
export function ColumnsPanel({ dataset, loading, canEdit }: { dataset: Dataset | undefined; loading: boolean; canEdit: boolean }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<DatasetColumn | null>(null);
  return (
    <>
      <h2 className="analysis-dataset__heading">{t('analysisDataset.columns.title')}</h2>
      <Table<DatasetColumn>
        className="analysis-dataset__columns"
        size="small"
        rowKey="key"
        loading={loading}
        dataSource={dataset?.columns ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('analysisDataset.columns.label'), dataIndex: 'label' },
          {
            title: t('analysisDataset.columns.type'),
            dataIndex: 'type',
            render: (type: DatasetColumn['type']) => <Tag color={TYPE_COLOURS[type]}>{t(`analysis.type.${type}`)}</Tag>,
          },
          ...(canEdit
            ? [
                {
                  title: t('analysisDataset.rows.actions'),
                  key: 'actions',
                  width: 80,
                  render: (_: unknown, c: DatasetColumn) => (
                    <Button
                      size="small"
                      type="text"
                      icon={<EditOutlined />}
                      aria-label={t('analysisDataset.columns.edit', { label: c.label })}
                      onClick={() => setEditing(c)}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
      {dataset && <ColumnDialog datasetId={dataset.datasetId} column={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
