import { useState } from 'react';
import { Button, Empty, List, Modal, Radio, Tag, Typography } from 'antd';
import { SwapOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { endpoints, type TransferCandidate } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { queryKeyOf } from '../../../api/query-keys.ts';
import { describeError, toast } from '../../../app/feedback.tsx';

const STATUS_COLOUR = { online: 'green', away: 'orange', offline: 'default' } as const;

/**
 * Assign (a waiting conversation) or transfer (one I handle) to a colleague serving the same client: a dialog lists
 * them, online first, with their open chats; one at their limit cannot be picked.
 */
export function TransferButton({ conversationId, waiting, onDone }: { conversationId: string; waiting: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [to, setTo] = useState<string>();
  const colleagues = useQuery({
    queryKey: queryKeyOf(endpoints.listTransferCandidates, conversationId),
    queryFn: ({ signal }) => call(endpoints.listTransferCandidates, { params: { conversationId }, signal }),
    enabled: open,
  });
  const items = colleagues.data?.items ?? [];
  const transfer = useMutation({
    mutationFn: (userId: string) => call(endpoints.transferConversation, { params: { conversationId }, body: { userId } }),
    onSuccess: (_c, userId) => {
      toast.success(t('inboxTools.transferred', { name: items.find((a) => a.userId === userId)?.fullName ?? '' }));
      setOpen(false);
      onDone();
    },
    onError: (err) => {
      toast.error(describeError(err));
      void colleagues.refetch();
    },
    meta: { silent: true },
  });
  const label = waiting ? t('inboxTools.assign') : t('inboxTools.transfer');
  const full = (a: TransferCandidate) => a.openChats >= a.maxConcurrentChats;
  return (
    <>
      <Button icon={<SwapOutlined />} onClick={() => (setTo(undefined), setOpen(true))}>
        {label}
      </Button>
      <Modal
        open={open}
        title={t('inboxTools.transferTitle')}
        okText={label}
        okButtonProps={{ disabled: !to, loading: transfer.isPending }}
        onOk={() => to && transfer.mutate(to)}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('inboxTools.transferHelp')}</Typography.Paragraph>
        {items.length === 0 && !colleagues.isLoading ? (
          <Empty description={t('inboxTools.transferNone')} />
        ) : (
          <Radio.Group value={to} onChange={(e) => setTo(e.target.value as string)} style={{ width: '100%' }}>
            <List
              loading={colleagues.isLoading}
              dataSource={items}
              renderItem={(a) => (
                <List.Item>
                  <Radio value={a.userId} disabled={full(a)}>
                    {a.fullName}
                  </Radio>
                  <span>
                    <Tag color={STATUS_COLOUR[a.status]}>{t(`inboxTools.status.${a.status}`)}</Tag>
                    <Typography.Text type={full(a) ? 'danger' : 'secondary'}>
                      {full(a) ? t('inboxTools.full') : t('inboxTools.chats', { open: a.openChats, max: a.maxConcurrentChats })}
                    </Typography.Text>
                  </span>
                </List.Item>
              )}
            />
          </Radio.Group>
        )}
      </Modal>
    </>
  );
}
