import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints, hasAnyTask } from '@nusa/contracts';
import { API_BASE, call } from '../../../api/call.ts';
import { sessionStore } from '../../../app/session.ts';
import { queryKeyOf, resourceKeyOf } from '../../../api/query-keys.ts';

export const SERVICE_INBOX_KEY = resourceKeyOf(endpoints.listInbox);
export const SERVICE_INBOX_PATH = '/service/messages-for-me';
const RETRY_MS = 3000;

/**
 * The agent's live inbox socket: every conversation change heard on any server instance makes the inbox queries
 * ask again. Reconnects after a loss (and then asks again, as changes may have been missed).
 */
export function useInboxLive(enabled: boolean): boolean {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let socket: WebSocket | undefined;
    let retry: number | undefined;
    let stopped = false;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: SERVICE_INBOX_KEY });
    const open = () => {
      const url = new URL(`${API_BASE}/v1/service/inbox/socket`, window.location.href);
      url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
      const ws = new WebSocket(url);
      socket = ws;
      ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token: sessionStore.get().token }));
      ws.onmessage = (e) => {
        const frame = JSON.parse(String(e.data)) as { type: string };
        if (frame.type === 'ready') setLive(true);
        refresh();
      };
      ws.onclose = () => {
        setLive(false);
        if (!stopped) retry = window.setTimeout(open, RETRY_MS);
      };
    };
    open();
    return () => {
      stopped = true;
      window.clearTimeout(retry);
      socket?.close();
    };
  }, [enabled, queryClient]);
  return live;
}

/** The agent's inbox (list and counts); the sidebar shows its unread count. */
export function useServiceInbox(tasks: readonly string[]) {
  const agent = hasAnyTask(tasks, ['sendChatForMe']);
  return useQuery({
    queryKey: queryKeyOf(endpoints.listInbox),
    queryFn: ({ signal }) => call(endpoints.listInbox, { signal }),
    enabled: agent,
    refetchInterval: 30_000,
    refetchOnWindowFocus: true,
    meta: { silent: true },
  });
}

/** Unread customer messages of the agent's inbox (the sidebar badge). */
export function useServiceInboxCount(tasks: readonly string[]): number {
  return useServiceInbox(tasks).data?.unread ?? 0;
}
