import { Empty, Skeleton, Timeline, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_STATUSES, documentLabel, endpoints, type DocumentHistoryItem, type DocumentStatus, type DocumentSubStatus } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { ERP } from '../../../api/query-keys.ts';
import { useFormat } from '../../../app/use-format.ts';

const COLORS: Partial<Record<string, string>> = {
  approve: 'green',
  release: 'green',
  submit: 'blue',
  reject: 'red',
  void: 'red',
  requestChanges: 'orange',
  delete: 'gray',
};
const KNOWN_ACTIONS = ['create', 'edit', 'delete', 'submit', 'approve', 'reject', 'requestChanges', 'cancelApproval', 'release', 'void'] as const;
type KnownAction = (typeof KNOWN_ACTIONS)[number];
const isKnown = (a: string): a is KnownAction => (KNOWN_ACTIONS as readonly string[]).includes(a);

export const documentHistoryKey = (documentId: string) => [ERP, 'documents', documentId, 'history'] as const;

/** Every step of a document, oldest first: who did what, when, at which approval level, with their comment. */
export function DocumentHistory({ documentId }: { documentId: string }) {
  const { t } = useTranslation();
  const f = useFormat();
  const history = useQuery({
    queryKey: documentHistoryKey(documentId),
    queryFn: ({ signal }) => call(endpoints.documentHistory, { params: { documentId }, signal }),
  });
  if (history.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  const items = history.data?.items ?? [];
  if (!items.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('documents.historyEmpty')} />;
  // The stored status alone does not say why a document was canceled or sent back: the step that led there does.
  const SUB_OF: Partial<Record<string, DocumentSubStatus>> = { reject: 'rejected', void: 'void', delete: 'deleted', requestChanges: 'changesRequested' };
  const statusText = (h: DocumentHistoryItem) => {
    if (!(DOCUMENT_STATUSES as readonly string[]).includes(h.toStatus)) return h.toStatus;
    return t(`documents.labels.${documentLabel(h.toStatus as DocumentStatus, SUB_OF[h.action] ?? null)}`);
  };
  return (
    <Timeline
      className="document-history"
      items={items.map((h: DocumentHistoryItem) => ({
        color: COLORS[h.action] ?? 'blue',
        content: (
          <div>
            <Typography.Text strong>{isKnown(h.action) ? t(`documents.actions.${h.action}`) : h.action}</Typography.Text>
            {h.approvalLevel !== null && h.action === 'approve' && <span className="muted-text"> · {t('documents.level', { level: h.approvalLevel })}</span>}
            <span className="muted-text"> · {statusText(h)}</span>
            <div className="muted-text">
              {t('documents.by', { name: h.userName })} · {f.dateTime(h.at)}
            </div>
            {h.comment && <Typography.Paragraph className="document-history__comment">“{h.comment}”</Typography.Paragraph>}
          </div>
        ),
      }))}
    />
  );
}
