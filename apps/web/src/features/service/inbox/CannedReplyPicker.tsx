import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { endpoints, type CannedReply } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { queryKeyOf } from '../../../api/query-keys.ts';

/** The reply box holds only a slash command: `/` and the start of a code (Chatwoot's shortcut). */
const COMMAND = /^\/([\w-]*)$/;

/**
 * The reply box's `/` shortcut: while the box holds `/code…`, a list of the conversation's canned replies that match
 * opens above it; arrow keys move, Enter or Tab (or a click) puts the reply's text in the box, Escape closes.
 */
export function useCannedReplyPicker(conversationId: string, text: string, setText: (text: string) => void) {
  const { t } = useTranslation();
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<string>();
  const keyword = COMMAND.exec(text)?.[1];
  const open = keyword !== undefined && dismissed !== text;
  const replies = useQuery({
    queryKey: queryKeyOf(endpoints.conversationCannedReplies, conversationId, keyword),
    queryFn: ({ signal }) => call(endpoints.conversationCannedReplies, { params: { conversationId }, query: { keyword: keyword || undefined }, signal }),
    enabled: open,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
  const items = open ? (replies.data?.items ?? []) : [];
  const index = Math.min(active, Math.max(items.length - 1, 0));
  const pick = (r: CannedReply) => {
    setText(r.text);
    setActive(0);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (!open) return;
    if (e.key === 'Escape') return setDismissed(text);
    if (!items.length) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((index + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length);
    } else if (e.key === 'Enter' || e.key === 'Tab') {
      e.preventDefault();
      pick(items[index]);
    }
  };
  const picker: ReactNode = open ? (
    <div className="service-inbox__canned" role="listbox" aria-label={t('inboxTools.cannedList')} data-testid="canned-replies">
      {items.length === 0 ? (
        <Typography.Text type="secondary">{replies.isFetching ? '…' : t('inboxTools.cannedNone')}</Typography.Text>
      ) : (
        items.map((r, i) => (
          <div
            key={r.id}
            role="option"
            aria-selected={i === index}
            className={`service-inbox__canned-item${i === index ? ' service-inbox__canned-item--active' : ''}`}
            onMouseDown={(e) => e.preventDefault()}
            onMouseEnter={() => setActive(i)}
            onClick={() => pick(r)}
          >
            <Typography.Text strong>/{r.code}</Typography.Text> <Typography.Text type="secondary">{r.title}</Typography.Text>
            <div className="service-inbox__canned-text">{r.text}</div>
          </div>
        ))
      )}
    </div>
  ) : null;
  return { picker, onKeyDown, placeholderHint: t('inboxTools.cannedHint') };
}
