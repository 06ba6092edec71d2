import type { FastifyInstance, FastifyRequest } from 'fastify';
import { withTenant } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { sameSecret } from '../../../platform/auth/same-secret.ts';
import { recordDeliveryStatus, receiveText } from './delivery.ts';
import { channelById, openSecrets, TELEGRAM_WEBHOOK_SECRET, type ChannelPlatform, type ChannelRow } from './service.ts';
import { readWhatsappPayload, signatureValid } from './whatsapp-api.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
type Params = { tenant: string; channelId: string };
const PUBLIC = { access: 'public' as const };

/**
 * The platforms' webhooks (public: the platform proves itself with the app secret's signature or the secret token).
 * A channel is named by tenant code and channel id; an unknown, inactive or other-kind channel answers 404.
 */
export function webhookRoutes(app: FastifyInstance, platform: ChannelPlatform) {
  const pool = app.platform.pools.app;
  const channelOf = async (params: Params, kind: 'whatsapp' | 'telegram'): Promise<ChannelRow> => {
    const tenant = await app.platform.tenants.byCode(params.tenant.toLowerCase());
    const channel = UUID.test(params.channelId) ? await withTenant(pool, tenant.id, (tx) => channelById(tx, params.channelId)) : undefined;
    if (!channel || channel.kind !== kind || !channel.active) throw new AppError('service_channel_not_found', [params.channelId]);
    return channel;
  };

  app.register(async (scope) => {
    // The signature is over the raw bytes: the body is parsed here, after it is checked.
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_req, body, done) => done(null, body));

    scope.get<{ Params: Params; Querystring: Record<string, string> }>(
      '/api/v1/service/whatsapp/:tenant/:channelId',
      { config: PUBLIC, schema: { hide: true } },
      async (req, reply) => {
        const channel = await channelOf(req.params, 'whatsapp');
        const secrets = openSecrets(platform.seal, channel);
        if (req.query['hub.mode'] !== 'subscribe' || !secrets.verifyToken || !sameSecret(String(req.query['hub.verify_token'] ?? ''), secrets.verifyToken))
          return reply.code(403).send();
        return reply.type('text/plain').send(req.query['hub.challenge'] ?? '');
      },
    );

    scope.post<{ Params: Params; Body: Buffer }>(
      '/api/v1/service/whatsapp/:tenant/:channelId',
      { config: PUBLIC, schema: { hide: true } },
      async (req, reply) => {
        const channel = await channelOf(req.params, 'whatsapp');
        const secrets = openSecrets(platform.seal, channel);
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        if (!signatureValid(raw, header(req, 'x-hub-signature-256'), secrets.appSecret ?? '')) return reply.code(403).send();
        const inbound = readWhatsappPayload(parse(raw), channel.attributes.phoneNumberId ?? '');
        if (inbound.statuses.length) {
          await withTenant(pool, channel.tenantId, async (tx) => {
            for (const s of inbound.statuses) await recordDeliveryStatus(tx, channel.id, s.id, s.status);
          });
        }
        for (const m of inbound.messages) {
          await receiveText(pool, platform, channel, { customerKey: m.from, customerName: m.name, externalId: m.id, text: m.text, at: m.at });
        }
        return reply.code(200).send({ ok: true });
      },
    );

    scope.post<{ Params: Params; Body: Buffer }>(
      '/api/v1/service/telegram/:tenant/:channelId',
      { config: PUBLIC, schema: { hide: true } },
      async (req, reply) => {
        const channel = await channelOf(req.params, 'telegram');
        const expected = openSecrets(platform.seal, channel)[TELEGRAM_WEBHOOK_SECRET];
        if (!expected || !sameSecret(header(req, 'x-telegram-bot-api-secret-token') ?? '', expected)) return reply.code(403).send();
        const update = parse(Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)) as TelegramUpdate | undefined;
        const m = update?.message;
        if (m?.text && m.chat?.id !== undefined && m.message_id !== undefined) {
          const chatId = String(m.chat.id);
          const name = [m.from?.first_name, m.from?.last_name].filter(Boolean).join(' ') || m.from?.username || '';
          await receiveText(pool, platform, channel, {
            customerKey: chatId,
            customerName: name,
            externalId: `${chatId}:${m.message_id}`,
            text: m.text,
            at: m.date ? new Date(m.date * 1000) : new Date(),
          });
        }
        return reply.code(200).send({ ok: true });
      },
    );
  });
}

interface TelegramUpdate {
  update_id?: number;
  message?: {
    message_id?: number;
    date?: number;
    text?: string;
    chat?: { id?: number | string };
    from?: { first_name?: string; last_name?: string; username?: string };
  };
}

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function parse(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return undefined;
  }
}
