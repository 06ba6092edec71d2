import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { hasAnyTask } from '@nusa/contracts';
import type { Principal } from '../../../platform/access/principal.ts';
import { listen } from '../../../platform/db/notifications.ts';
import { withTenant } from '../../../platform/db/tenant.ts';
import { serviceAgents } from '../clients/index.ts';
import { serviceConversations } from '../conversations/index.ts';
import { INBOX_CHANNEL } from '../conversations/index.ts';
import { setPresence } from './service.ts';
import { websocketOnly } from '../../../platform/http/websocket-only.ts';

export const INBOX_SOCKET_PATH = '/api/v1/service/inbox/socket';
const AUTH_WITHIN_MS = 10_000;

/**
 * The agents' live inbox. A socket proves who it is with its first frame `{type: 'auth', token}` (a browser cannot
 * send headers on a WebSocket, and a token in the URL would land in access logs), then hears
 * `{type: 'conversation', conversationId, status}` whenever a conversation of a client it serves changes on any
 * server instance (NOTIFY nusa_service_inbox). An open socket marks the agent online; the last one closing, offline.
 */
export function inboxSocket(app: FastifyInstance) {
  const pool = app.platform.pools.app;
  /** Authenticated sockets per tenant. */
  const sockets = new Map<string, Map<WebSocket, Principal>>();

  const listener = listen(app.platform.pools.owner.options, {
    channel: INBOX_CHANNEL,
    onNotify: (payload) => void push(payload).catch((err: unknown) => app.log.warn({ err: String(err) }, 'inbox push failed')),
    // Notifications may have been missed: every socket asks for its inbox again.
    onConnect: () => {
      for (const tenant of sockets.values()) for (const s of tenant.keys()) send(s, { type: 'resync' });
    },
    onError: (err) => app.log.warn({ err: String(err) }, 'inbox listener: connection lost'),
  });
  app.addHook('onClose', () => listener.close());

  async function push(payload: string) {
    const { tenantId, conversationId } = JSON.parse(payload) as { tenantId: string; conversationId: string };
    const tenant = sockets.get(tenantId);
    if (!tenant?.size) return;
    const found = await withTenant(pool, tenantId, async (tx) => {
      const [c] = await tx
        .select({ clientId: serviceConversations.clientId, status: serviceConversations.status, assignedAgentId: serviceConversations.assignedAgentId })
        .from(serviceConversations)
        .where(eq(serviceConversations.id, conversationId));
      if (!c) return undefined;
      const agents = await tx
        .select({ userId: serviceAgents.userId })
        .from(serviceAgents)
        .where(and(eq(serviceAgents.clientId, c.clientId), eq(serviceAgents.active, true)));
      return { ...c, users: new Set([...agents.map((a) => a.userId), ...(c.assignedAgentId ? [c.assignedAgentId] : [])]) };
    });
    if (!found) return;
    for (const [s, p] of tenant)
      if (found.users.has(p.userId)) send(s, { type: 'conversation', conversationId, status: found.status, assignedAgentId: found.assignedAgentId });
  }

  async function authenticate(token: string): Promise<Principal | undefined> {
    const claims = await app.platform.tokens.verify(token);
    if (claims?.typ !== 'work') return undefined;
    const principal = await withTenant(pool, claims.tid, (tx) => app.platform.resolveSession(tx, claims));
    if (!principal || !(principal.isSuperAdmin || hasAnyTask(principal.tasks, ['sendChatForMe']))) return undefined;
    return principal;
  }

  const presence = (p: Principal, status: 'online' | 'offline', onlyFrom: 'online' | 'offline') =>
    withTenant(pool, p.tenantId, (tx) => setPresence(tx, p, status, onlyFrom)).catch((err: unknown) =>
      app.log.warn({ err: String(err) }, 'agent presence failed'),
    );

  app.route({
    method: 'GET',
    url: INBOX_SOCKET_PATH,
    config: { access: 'public' },
    schema: { hide: true },
    handler: websocketOnly,
    wsHandler: (socket) => {
      let principal: Principal | undefined;
      const timer = setTimeout(() => {
        if (!principal) socket.close(4401, 'unauthorized');
      }, AUTH_WITHIN_MS);
      socket.once('message', (data) => {
        void (async () => {
          let token = '';
          try {
            const frame = JSON.parse(String(data)) as { type?: string; token?: unknown };
            if (frame.type === 'auth' && typeof frame.token === 'string') token = frame.token;
          } catch {
            /* not a frame */
          }
          const p = token ? await authenticate(token).catch(() => undefined) : undefined;
          clearTimeout(timer);
          if (!p || socket.readyState !== socket.OPEN) return socket.close(4401, 'unauthorized');
          principal = p;
          const tenant = sockets.get(p.tenantId) ?? new Map<WebSocket, Principal>();
          tenant.set(socket, p);
          sockets.set(p.tenantId, tenant);
          await presence(p, 'online', 'offline');
          send(socket, { type: 'ready' });
        })();
      });
      socket.on('close', () => {
        clearTimeout(timer);
        if (!principal) return;
        const tenant = sockets.get(principal.tenantId);
        tenant?.delete(socket);
        const stillOpen = [...(tenant?.values() ?? [])].some((p) => p.userId === principal!.userId);
        if (!tenant?.size) sockets.delete(principal.tenantId);
        if (!stillOpen) void presence(principal, 'offline', 'online');
      });
    },
  });
}

function send(socket: WebSocket, frame: Record<string, unknown>) {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
}
