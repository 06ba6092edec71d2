import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { listen } from '../../../platform/db/notifications.ts';
import { withTenant } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { answerCustomer } from '../bot/index.ts';
import { clientRowByCode, type ClientRow } from '../clients/service.ts';
import { latestConversationOn, messageToDeliver, recentMessages } from '../conversations/service.ts';
import { agentNames } from '../conversations/index.ts';
import { CONVERSATION_CHANNEL, customerConversation } from './delivery.ts';
import { channelOfKind, type ChannelRow } from './service.ts';
import { websocketOnly } from '../../../platform/http/websocket-only.ts';
import { takeHit, type Limit } from '../../../platform/rate-limit/limiter.ts';
import { ERRORS, type ErrorCode } from '@nusa/contracts';

/** The widget's function expression, called below with its set-up: without the `;` a formatter puts after it. */
const SCRIPT = readFileSync(new URL('./widget-script.js', import.meta.url), 'utf8')
  .trimEnd()
  .replace(/;$/, '');
const VISITOR = /^[A-Za-z0-9-]{8,64}$/;
const HISTORY = 50;
const MAX_TEXT = 2000;

/** The widget's refusals are catalogued errors; their texts (with `{{0}}`, the seconds to wait) travel in its set-up. */
const THROTTLED = ['service_widget_messages_throttled', 'service_widget_conversations_throttled'] as const satisfies ErrorCode[];
function throttledTexts(lang: 'id' | 'en') {
  return Object.fromEntries(THROTTLED.map((code) => [code, ERRORS[code][lang]]));
}

const TEXTS = {
  id: {
    title: 'Chat dengan kami',
    placeholder: 'Tulis pesan…',
    send: 'Kirim',
    open: 'Buka chat',
    close: 'Tutup',
    agent: 'Petugas CS',
    errors: {
      ...throttledTexts('id'),
      unavailable: 'Chat sedang tidak tersedia.',
      failed: 'Pesan gagal diproses. Coba lagi.',
    },
  },
  en: {
    title: 'Chat with us',
    placeholder: 'Type a message…',
    send: 'Send',
    open: 'Open chat',
    close: 'Close',
    agent: 'CS agent',
    errors: {
      ...throttledTexts('en'),
      unavailable: 'Chat is not available right now.',
      failed: 'The message could not be processed. Please try again.',
    },
  },
};

type WidgetParams = { tenant: string; clientCode: string };
const REF = /^[A-Za-z0-9_-]{1,40}$/;
interface Frame {
  type: string;
  [k: string]: unknown;
}

/**
 * The web chat widget: its script (public, cached) and its socket. A visitor's messages go through the bot
 * (answerCustomer) and its reply comes back on the socket; agents' replies reach the visitor's sockets on any
 * instance through NOTIFY nusa_service_conversation, with the agent's name (agentName) to show on them.
 */
export function widgetRoutes(app: FastifyInstance) {
  const pool = app.platform.pools.app;
  const rooms = new Map<string, Set<WebSocket>>();
  const config = app.platform.config;

  const webChannel = async (params: WidgetParams): Promise<{ tenantId: string; client: ClientRow; channel: ChannelRow }> => {
    const tenant = await app.platform.tenants.byCode(params.tenant.toLowerCase());
    return withTenant(pool, tenant.id, async (tx) => {
      const client = await clientRowByCode(tx, params.clientCode);
      const channel = await channelOfKind(tx, client.id, 'web');
      if (!client.active || !channel?.active) throw new AppError('service_channel_not_found', [`${params.tenant}/${params.clientCode}/web`]);
      return { tenantId: tenant.id, client, channel };
    });
  };

  const listener = listen(app.platform.pools.owner.options, {
    channel: CONVERSATION_CHANNEL,
    onNotify: (payload) => void push(payload).catch((err: unknown) => app.log.warn({ err: String(err) }, 'widget push failed')),
    onConnect: () => {},
    onError: (err) => app.log.warn({ err: String(err) }, 'widget listener: connection lost'),
  });
  app.addHook('onClose', () => listener.close());

  async function push(payload: string) {
    const { tenantId, conversationId, messageId } = JSON.parse(payload) as { tenantId: string; conversationId: string; messageId: string };
    const sockets = rooms.get(conversationId);
    if (!sockets?.size || !tenantId || !messageId) return;
    const m = await withTenant(pool, tenantId, async (tx) => {
      const row = await messageToDeliver(tx, messageId);
      return row && { ...row, agentName: row.agentId ? (await agentNames(tx, [row.agentId])).get(row.agentId) : undefined };
    });
    if (!m || m.conversationId !== conversationId || (m.sender !== 'agent' && m.sender !== 'system')) return;
    for (const s of sockets) send(s, { type: 'message', id: m.id, sender: m.sender, text: m.text, agentName: m.agentName });
  }

  const join = (conversationId: string, socket: WebSocket) => {
    const set = rooms.get(conversationId) ?? new Set<WebSocket>();
    set.add(socket);
    rooms.set(conversationId, set);
  };
  const leave = (socket: WebSocket) => {
    for (const [id, set] of rooms) if (set.delete(socket) && set.size === 0) rooms.delete(id);
  };
  /**
   * A message is counted per visitor, per client address and per channel; a visitor without a conversation yet also
   * spends one of the address's and the channel's new conversations. A refused message goes nowhere: not stored, not
   * to the bot, so not metered against the tenant's AI quota, and no conversation reaches the agents' queue.
   */
  const refusal = async (ctx: { channel: ChannelRow; customerKey: string; address: string }, opensConversation: boolean): Promise<Frame | undefined> => {
    const channel = `widget:${ctx.channel.tenantId}:${ctx.channel.id}`;
    const minute = (key: string, max: number): Limit => ({ key, max, windowSeconds: 60 });
    const hour = (key: string, max: number): Limit => ({ key, max, windowSeconds: 3600 });
    const messages = await takeHit(app.platform.pools.owner, [
      minute(`${channel}:visitor:${ctx.customerKey}:messages`, config.WIDGET_VISITOR_MESSAGES_PER_MINUTE),
      minute(`widget:address:${ctx.address}:messages`, config.WIDGET_ADDRESS_MESSAGES_PER_MINUTE),
      minute(`${channel}:messages`, config.WIDGET_CHANNEL_MESSAGES_PER_MINUTE),
    ]);
    if (!messages.allowed) return { type: 'error', code: 'service_widget_messages_throttled', args: [messages.retryAfterSeconds] };
    if (!opensConversation) return undefined;
    const conversations = await takeHit(app.platform.pools.owner, [
      hour(`widget:address:${ctx.address}:conversations`, config.WIDGET_ADDRESS_CONVERSATIONS_PER_HOUR),
      hour(`${channel}:conversations`, config.WIDGET_CHANNEL_CONVERSATIONS_PER_HOUR),
    ]);
    if (!conversations.allowed) return { type: 'error', code: 'service_widget_conversations_throttled', args: [conversations.retryAfterSeconds] };
    return undefined;
  };

  app.get<{ Params: { tenant: string; file: string } }>(
    '/api/v1/service/widget/:tenant/:file',
    { config: { access: 'public' }, schema: { hide: true } },
    async (req, reply) => {
      const clientCode = req.params.file.replace(/\.js$/, '');
      if (clientCode === req.params.file) throw new AppError('service_channel_not_found', [req.params.file]);
      const { client } = await webChannel({ tenant: req.params.tenant, clientCode });
      const config = {
        key: `${req.params.tenant.toLowerCase()}/${client.code}`,
        socketPath: `${encodeURIComponent(client.code)}/socket`,
        greeting: client.greeting,
        primaryColor: client.widget.primaryColor,
        textColor: client.widget.textColor,
        position: client.widget.position,
        texts: TEXTS,
      };
      return reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(`${SCRIPT}(${JSON.stringify(config).replace(/</g, '\\u003c')});\n`);
    },
  );

  app.route<{ Params: WidgetParams; Querystring: { visitor?: string } }>({
    method: 'GET',
    url: '/api/v1/service/widget/:tenant/:clientCode/socket',
    config: { access: 'public' },
    schema: { hide: true },
    handler: websocketOnly,
    wsHandler: (socket, req) => {
      const visitor = req.query.visitor ?? '';
      let queue = Promise.resolve();
      const ready = (async () => {
        if (!VISITOR.test(visitor)) throw new AppError('service_channel_not_found', [visitor]);
        const found = await webChannel(req.params);
        const origins = (found.channel.attributes.allowedOrigins ?? '').split(/[\s,]+/).filter(Boolean);
        if (origins.length && !origins.includes(String(req.headers.origin ?? '')))
          throw new AppError('service_channel_not_found', [String(req.headers.origin)]);
        const customerKey = `web:${visitor}`;
        const { history, hasConversation } = await withTenant(pool, found.tenantId, async (tx) => {
          const conversation = await latestConversationOn(tx, found.channel.id, customerKey);
          if (!conversation) return { history: [], hasConversation: false };
          join(conversation.id, socket);
          const history = (await recentMessages(tx, conversation.id, HISTORY)).filter((m) => m.sender !== 'note');
          const names = await agentNames(
            tx,
            history.flatMap((m) => (m.sender === 'agent' && m.agentId ? [m.agentId] : [])),
          );
          return { history: history.map((m) => ({ ...m, agentName: m.agentId ? names.get(m.agentId) : undefined })), hasConversation: true };
        });
        send(socket, { type: 'hello', messages: history.map((m) => ({ id: m.id, sender: m.sender, text: m.text, agentName: m.agentName })) });
        // req.ip is the socket's peer, or the client a TRUST_PROXY proxy names.
        return { ...found, customerKey, address: req.ip, hasConversation };
      })();
      ready.catch(() => socket.close(4404, 'unavailable'));

      socket.on('message', (data) => {
        queue = queue.then(async () => {
          const ctx = await ready.catch(() => undefined);
          if (!ctx) return;
          let frame: Frame;
          try {
            frame = JSON.parse(String(data)) as Frame;
          } catch {
            return;
          }
          const text = typeof frame.text === 'string' ? frame.text.trim().slice(0, MAX_TEXT) : '';
          if (frame.type !== 'message' || !text) return;
          // The widget's own id of the message, echoed on a refusal so it can mark that message and offer its text again.
          const ref = typeof frame.ref === 'string' && REF.test(frame.ref) ? { ref: frame.ref } : {};
          try {
            const refused = await refusal(ctx, !ctx.hasConversation);
            if (refused) return send(socket, { ...refused, ...ref });
            const turn = await withTenant(pool, ctx.tenantId, async (tx) => {
              const conversation = await customerConversation(tx, ctx.channel, 'web', ctx.customerKey, '');
              ctx.hasConversation = true;
              join(conversation.id, socket);
              return answerCustomer(tx, ctx.client, conversation, text, { channelId: ctx.channel.id });
            });
            if (turn.reply) send(socket, { type: 'message', sender: 'bot', text: turn.reply, handedOver: turn.handedOver });
          } catch (err) {
            app.log.warn({ err: String(err) }, 'widget message failed');
            send(socket, { type: 'error', code: 'failed', ...ref });
          }
        });
      });
      socket.on('close', () => leave(socket));
    },
  });
}

function send(socket: WebSocket, frame: Frame) {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
}
