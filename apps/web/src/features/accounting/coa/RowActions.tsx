import type { ReactNode } from 'react';
import { Button, Popconfirm, Space, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined, LockOutlined, PoweroffOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ActionLevel } from '@nusa/contracts';
import { useConfirmDanger } from '../../../app/components/confirm-danger.ts';

interface Props {
  /** The record's code, named in labels and confirmations. */
  code: string;
  /** Shown in the delete confirmation. */
  name: string;
  active: 'Y' | 'N';
  level: ActionLevel;
  onEdit: () => void;
  onToggle: () => Promise<unknown>;
  onDelete: () => Promise<unknown>;
  /** Why the record cannot be edited at all (then a lock with this tooltip replaces the edit button). */
  editLocked?: string;
  /** Why the record cannot be activated, deactivated or deleted. */
  removeLocked?: string;
  /** Buttons before the standard ones (add a sub account …). */
  extra?: ReactNode;
}

/** Edit, activate/deactivate (confirmed) and delete (confirmed) of one row; locked rows say why in a tooltip. */
export function RowActions({ code, name, active, level, onEdit, onToggle, onDelete, editLocked, removeLocked, extra }: Props) {
  const { t } = useTranslation();
  const confirmDanger = useConfirmDanger();
  if (level === 'view') return null;
  const toggleLabel = t(active === 'Y' ? 'crud.deactivate' : 'crud.activate');
  const lockReason = editLocked ?? removeLocked;

  const confirmDelete = () =>
    confirmDanger({
      title: t('ledger.deleteTitle', { code }),
      content: t('ledger.deleteConfirm', { code, name }),
      okText: t('crud.delete'),
      autoFocusButton: 'cancel',
      onOk: () => onDelete().catch(() => undefined),
    });

  return (
    <Space size={2} className="row-actions">
      {extra}
      {lockReason && (
        <Tooltip title={lockReason}>
          <Button type="text" icon={<LockOutlined />} aria-label={`${t('ledger.locked')} ${code}`} className="ledger-lock" />
        </Tooltip>
      )}
      {!editLocked && (
        <Tooltip title={t('crud.edit')}>
          <Button type="text" icon={<EditOutlined />} aria-label={`${t('crud.edit')} ${code}`} onClick={onEdit} />
        </Tooltip>
      )}
      {!lockReason && (
        <Popconfirm
          title={t(active === 'Y' ? 'ledger.deactivateConfirm' : 'ledger.activateConfirm', { code })}
          okText={toggleLabel}
          cancelText={t('common.cancel')}
          onConfirm={() => onToggle().catch(() => undefined)}
        >
          <Tooltip title={toggleLabel}>
            <Button
              type="text"
              icon={<PoweroffOutlined />}
              className={active === 'Y' ? 'row-actions__off' : 'row-actions__on'}
              aria-label={`${toggleLabel} ${code}`}
            />
          </Tooltip>
        </Popconfirm>
      )}
      {!lockReason && level === 'full' && (
        <Tooltip title={t('crud.delete')}>
          <Button type="text" danger icon={<DeleteOutlined />} aria-label={`${t('crud.delete')} ${code}`} onClick={confirmDelete} />
        </Tooltip>
      )}
    </Space>
  );
}
