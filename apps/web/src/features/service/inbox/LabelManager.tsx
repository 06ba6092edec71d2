import { useState } from 'react';
import { Button, Input, List, Modal, Space, Tag, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { endpoints, type ServiceLabel } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { resourceKeyOf } from '../../../api/query-keys.ts';
import { describeError, toast } from '../../../app/feedback.tsx';
import { useConfirmDanger } from '../../../app/components/confirm-danger.ts';
import { useServiceLabels } from './use-service-labels.ts';
import { SERVICE_INBOX_KEY } from './live.ts';

/** Ant Design's preset tag colours as hex (a label is stored with its colour, whatever the theme). */
const COLORS = ['#f5222d', '#fa541c', '#fa8c16', '#faad14', '#52c41a', '#13c2c2', '#1677ff', '#2f54eb', '#722ed1', '#eb2f96', '#8c8c8c'];

/** The tenant's label list: add, rename or recolour (pick a label to edit it), delete. */
export function LabelManager({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const confirmDanger = useConfirmDanger();
  const queryClient = useQueryClient();
  const labels = useServiceLabels();
  const [editing, setEditing] = useState<ServiceLabel>();
  const [name, setName] = useState('');
  const [color, setColor] = useState(COLORS[6]);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: resourceKeyOf(endpoints.listServiceLabels) });
    void queryClient.invalidateQueries({ queryKey: SERVICE_INBOX_KEY });
  };
  const reset = () => {
    setEditing(undefined);
    setName('');
  };
  const save = useMutation({
    mutationFn: () =>
      editing
        ? call(endpoints.updateServiceLabel, { params: { labelId: editing.id }, body: { name, color } })
        : call(endpoints.createServiceLabel, { body: { name, color } }),
    onSuccess: () => {
      toast.success(t('serviceLabels.saved'));
      reset();
      refresh();
    },
    onError: (err) => toast.error(describeError(err)),
    meta: { silent: true },
  });
  const remove = useMutation({
    mutationFn: (id: string) => call(endpoints.deleteServiceLabel, { params: { labelId: id } }),
    onSuccess: refresh,
    onError: (err) => toast.error(describeError(err)),
    meta: { silent: true },
  });
  return (
    <Modal open title={t('serviceLabels.manageTitle')} onCancel={onClose} footer={null} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('serviceLabels.manageHint')}</Typography.Paragraph>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space.Compact style={{ width: '100%' }}>
          <Input
            aria-label={t('serviceLabels.name')}
            placeholder={t('serviceLabels.name')}
            maxLength={40}
            value={name}
            onChange={(e) => setName(e.target.value)}
            onPressEnter={() => name.trim() && save.mutate()}
          />
          <Button type="primary" disabled={!name.trim()} loading={save.isPending} onClick={() => save.mutate()}>
            {editing ? t('serviceLabels.save') : t('serviceLabels.add')}
          </Button>
        </Space.Compact>
        <div className="service-labels__colors" role="radiogroup" aria-label={t('serviceLabels.color')}>
          {COLORS.map((c) => (
            <button
              key={c}
              type="button"
              role="radio"
              aria-checked={c === color}
              aria-label={c}
              className={`service-labels__swatch${c === color ? ' service-labels__swatch--on' : ''}`}
              style={{ background: c }}
              onClick={() => setColor(c)}
            />
          ))}
        </div>
        <List
          size="small"
          loading={labels.isLoading}
          dataSource={labels.data?.items ?? []}
          locale={{ emptyText: t('serviceLabels.noLabels') }}
          renderItem={(l) => (
            <List.Item
              actions={[
                <Button
                  key="delete"
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`${t('serviceLabels.delete')} ${l.name}`}
                  onClick={() =>
                    confirmDanger({
                      title: t('serviceLabels.delete'),
                      content: t('serviceLabels.deleteConfirm', { name: l.name, count: l.conversations }),
                      okText: t('serviceLabels.delete'),
                      onOk: () => remove.mutateAsync(l.id),
                    })
                  }
                />,
              ]}
            >
              <Space>
                <Tag
                  color={l.color}
                  style={{ cursor: 'pointer' }}
                  onClick={() => {
                    setEditing(l);
                    setName(l.name);
                    setColor(l.color);
                  }}
                >
                  {l.name}
                </Tag>
                <Typography.Text type="secondary">{t('serviceLabels.inUse', { count: l.conversations })}</Typography.Text>
              </Space>
            </List.Item>
          )}
        />
      </Space>
    </Modal>
  );
}
