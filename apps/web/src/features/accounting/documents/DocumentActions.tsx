import { useState } from 'react';
import { Button, Input, Modal, Space, Tooltip } from 'antd';
import {
  CheckOutlined,
  CloseOutlined,
  DeleteOutlined,
  EditOutlined,
  RollbackOutlined,
  SendOutlined,
  StopOutlined,
  UndoOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { endpoints, type DocumentAction, type DocumentDetail, type DocumentStepAction } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { DIALOG_MIN_WIDTH, useDialogWidth } from '../../../app/components/dialog-width.ts';
import { toast } from '../../../app/feedback.tsx';
import { useConfirmDanger } from '../../../app/components/confirm-danger.ts';
import { ERP, invalidateArea } from '../../../api/query-keys.ts';

const ICONS: Record<DocumentAction, React.ReactNode> = {
  edit: <EditOutlined />,
  delete: <DeleteOutlined />,
  submit: <SendOutlined />,
  approve: <CheckOutlined />,
  reject: <CloseOutlined />,
  requestChanges: <RollbackOutlined />,
  cancelApproval: <UndoOutlined />,
  release: <UploadOutlined />,
  void: <StopOutlined />,
};
/** Actions that ask for a comment first (the approver's word to the author); reject and void also confirm. */
const WITH_COMMENT: readonly DocumentAction[] = ['approve', 'reject', 'requestChanges', 'void'];
const DANGER: readonly DocumentAction[] = ['reject', 'void', 'delete'];
const PRIMARY: readonly DocumentAction[] = ['approve', 'submit', 'release'];

export interface DocumentActionsProps {
  document: { documentId: string; number: string; actions: readonly DocumentAction[] };
  /** Edit and delete belong to each type's own screen: shown only when given. */
  onEdit?: () => void;
  onDelete?: () => Promise<unknown>;
  /** After a step went through (the updated document). */
  onDone?: (document: DocumentDetail) => void;
  size?: 'small' | 'middle';
  /** Icon-only buttons (list rows on narrow screens); labels stay as tooltips and accessible names. */
  compact?: boolean;
  /** Only these of the document's actions, in this order (e.g. an approver's inbox shows approve, request changes, reject). */
  only?: readonly DocumentAction[];
}

/**
 * The buttons of a document's next steps (the contracts' actionsFor, answered by the server as `actions`): a comment
 * dialog before approve, reject, request changes and void; a confirmation before reject, void and delete.
 */
export function DocumentActions({ document, onEdit, onDelete, onDone, size = 'middle', compact = false, only }: DocumentActionsProps) {
  const { t } = useTranslation();
  const confirmDanger = useConfirmDanger();
  const dialogWidth = useDialogWidth();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<DocumentStepAction | null>(null);
  const [comment, setComment] = useState('');

  const step = useMutation({
    mutationFn: ({ action, text }: { action: DocumentStepAction; text?: string }) =>
      call(endpoints.actOnDocument, { params: { documentId: document.documentId, action }, body: { comment: text || undefined } }),
    onSuccess: (updated, { action }) => {
      toast.success(t(`documents.done.${action}`, { number: document.number }));
      setAsking(null);
      setComment('');
      void invalidateArea(queryClient, ERP);
      onDone?.(updated);
    },
  });

  const run = (action: DocumentAction) => {
    if (action === 'edit') return onEdit?.();
    if (action === 'delete') {
      return confirmDanger({
        title: t('documents.confirmTitle', { action: t('documents.actions.delete'), number: document.number }),
        content: t('documents.confirm.delete'),
        okText: t('documents.actions.delete'),
        onOk: () =>
          onDelete?.()
            .then(() => void invalidateArea(queryClient, ERP))
            .catch(() => undefined),
      });
    }
    if (WITH_COMMENT.includes(action)) return setAsking(action);
    step.mutate({ action });
  };

  const offered = only ? only.filter((a) => document.actions.includes(a)) : document.actions;
  const shown = offered.filter((a) => (a === 'edit' ? !!onEdit : a === 'delete' ? !!onDelete : true));
  const label = (a: DocumentAction) => t(`documents.actions.${a}`);
  return (
    <>
      <Space size={compact ? 2 : 8} wrap className="document-actions">
        {shown.map((a) => {
          const button = (
            <Button
              key={a}
              size={size}
              type={PRIMARY.includes(a) ? 'primary' : 'default'}
              danger={DANGER.includes(a)}
              icon={ICONS[a]}
              loading={step.isPending && step.variables?.action === a}
              disabled={step.isPending && step.variables?.action !== a}
              aria-label={compact ? `${label(a)} ${document.number}` : undefined}
              onClick={() => run(a)}
            >
              {compact ? null : label(a)}
            </Button>
          );
          return compact ? (
            <Tooltip key={a} title={label(a)}>
              {button}
            </Tooltip>
          ) : (
            button
          );
        })}
      </Space>
      {asking && (
        <Modal
          open
          title={t('documents.confirmTitle', { action: label(asking), number: document.number })}
          okText={label(asking)}
          okButtonProps={{ danger: DANGER.includes(asking), loading: step.isPending }}
          cancelText={t('common.cancel')}
          width={dialogWidth}
          style={{ minWidth: DIALOG_MIN_WIDTH }}
          onOk={() => step.mutate({ action: asking, text: comment.trim() })}
          onCancel={() => {
            setAsking(null);
            setComment('');
          }}
          destroyOnHidden
        >
          {(asking === 'reject' || asking === 'void') && <p>{t(`documents.confirm.${asking}`)}</p>}
          <label className="document-actions__comment-label" htmlFor="document-action-comment">
            {t('documents.commentOptional')}
          </label>
          <Input.TextArea
            id="document-action-comment"
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            maxLength={500}
            showCount
            autoSize={{ minRows: 3, maxRows: 6 }}
            placeholder={t('documents.commentPlaceholder')}
            autoFocus
          />
        </Modal>
      )}
    </>
  );
}
