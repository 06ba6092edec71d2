import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import {
  CHANNEL_ATTRIBUTES,
  CHANNEL_TOKEN_ADDRESS,
  sameServiceAddress,
  type ChannelKindName,
  type ServiceChannel,
  type ServiceChannelInput,
} from '@nusa/contracts';
import type { SettingsSeal } from '../../../platform/ai/settings/service.ts';
import { writeAudit, type Actor } from '../../../platform/audit/write.ts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { lockUniqueKey } from '../../../platform/numbering/lock.ts';
import { clientRowByCode, type ClientRow } from '../clients/service.ts';
import { serviceChannels } from './schema.ts';
import { deleteTelegramWebhook, setTelegramWebhook } from './telegram-api.ts';

export type ChannelRow = typeof serviceChannels.$inferSelect;

/** What channel work needs of the server: the seal of secrets and the address platforms deliver to. */
export interface ChannelPlatform {
  seal: SettingsSeal;
  publicUrl: string;
}

/** The server's seal and address, the address read at each use: it is corrected once the server listens (config). */
export const channelPlatform = (app: FastifyInstance): ChannelPlatform => ({
  seal: app.platform.tokens,
  get publicUrl() {
    return app.platform.config.PUBLIC_URL;
  },
});

/** The Telegram webhook's secret_token, made on activation; kept with the other secrets but never a form field. */
export const TELEGRAM_WEBHOOK_SECRET = 'webhookSecret';

export function openSecrets(seal: SettingsSeal, row: Pick<ChannelRow, 'tenantId' | 'secretsSealed'>): Record<string, string> {
  if (!row.secretsSealed) return {};
  const plain = seal.openSetting(row.secretsSealed, row.tenantId);
  return plain ? (JSON.parse(plain) as Record<string, string>) : {};
}

const sealSecrets = (seal: SettingsSeal, tenantId: string, secrets: Record<string, string>) =>
  Object.keys(secrets).length ? seal.sealSetting(JSON.stringify(secrets), tenantId) : null;

export function webhookUrl(
  publicUrl: string,
  tenantCode: string,
  client: Pick<ClientRow, 'code'>,
  kind: ChannelKindName,
  channelId: string | null,
): string | null {
  const base = `${publicUrl.replace(/\/$/, '')}/api/v1/service`;
  if (kind === 'web') return `${base}/widget/${encodeURIComponent(tenantCode)}/${encodeURIComponent(client.code)}.js`;
  return channelId ? `${base}/${kind}/${encodeURIComponent(tenantCode)}/${channelId}` : null;
}

export function missingAttributes(kind: ChannelKindName, attributes: Record<string, string>, secrets: Record<string, string>): string[] {
  return CHANNEL_ATTRIBUTES[kind].required.filter((name) => !(attributes[name] ?? secrets[name] ?? '').trim());
}

function view(platform: ChannelPlatform, tenantCode: string, client: ClientRow, kind: ChannelKindName, row: ChannelRow | undefined): ServiceChannel {
  const secrets = row ? openSecrets(platform.seal, row) : {};
  const attributes = row?.attributes ?? {};
  return {
    kind,
    channelId: row?.id ?? null,
    active: row?.active ?? false,
    attributes,
    secrets: Object.fromEntries(CHANNEL_ATTRIBUTES[kind].secret.map((name) => [name, Boolean(secrets[name])])),
    missing: missingAttributes(kind, attributes, secrets),
    webhookUrl: webhookUrl(platform.publicUrl, tenantCode, client, kind, row?.id ?? null),
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

export async function channelOfKind(tx: Tx, clientId: string, kind: ChannelKindName): Promise<ChannelRow | undefined> {
  const [row] = await tx
    .select()
    .from(serviceChannels)
    .where(and(eq(serviceChannels.clientId, clientId), eq(serviceChannels.kind, kind)));
  return row;
}

export async function channelById(tx: Tx, id: string): Promise<ChannelRow | undefined> {
  const [row] = await tx.select().from(serviceChannels).where(eq(serviceChannels.id, id));
  return row;
}

export async function listChannels(tx: Tx, platform: ChannelPlatform, tenantCode: string, clientCode: string): Promise<{ items: ServiceChannel[] }> {
  const client = await clientRowByCode(tx, clientCode);
  const rows = await tx.select().from(serviceChannels).where(eq(serviceChannels.clientId, client.id));
  return {
    items: (['web', 'whatsapp', 'telegram'] as const).map((kind) =>
      view(
        platform,
        tenantCode,
        client,
        kind,
        rows.find((r) => r.kind === kind),
      ),
    ),
  };
}

/** One channel per kind and client: its writers take this lock first, so two first saves make one row. */
const lockChannel = (tx: Tx, clientId: string, kind: string) => lockUniqueKey(tx, `service-channel:${clientId}:${kind}`);

const audited = (row: ChannelRow, secrets: Record<string, string>) => ({
  active: row.active,
  attributes: row.attributes,
  secretsSet: Object.keys(secrets).sort(),
});

/** A stored token goes only to the address it was saved with (CHANNEL_TOKEN_ADDRESS): a new address needs it again. */
function assertTokenStaysWithItsAddress(
  kind: ChannelKindName,
  attributesBefore: Record<string, string>,
  attributes: Record<string, string>,
  secretsBefore: Record<string, string>,
  sent: Record<string, string>,
) {
  const address = (CHANNEL_TOKEN_ADDRESS as Partial<Record<ChannelKindName, { attribute: string; secret: string }>>)[kind];
  if (!address || !secretsBefore[address.secret] || address.secret in sent) return;
  if (!sameServiceAddress(attributesBefore[address.attribute] ?? '', attributes[address.attribute] ?? ''))
    throw new AppError('service_channel_token_for_new_address', [address.attribute, address.secret]);
}

export async function saveChannel(
  tx: Tx,
  actor: Actor & { tenantCode: string },
  platform: ChannelPlatform,
  clientCode: string,
  kind: ChannelKindName,
  input: ServiceChannelInput,
): Promise<ServiceChannel> {
  const client = await clientRowByCode(tx, clientCode);
  await lockChannel(tx, client.id, kind);
  const before = await channelOfKind(tx, client.id, kind);
  const spec = CHANNEL_ATTRIBUTES[kind];
  const attributes = { ...(before?.attributes ?? {}) };
  for (const [name, value] of Object.entries(input.attributes ?? {})) {
    if (!(spec.plain as readonly string[]).includes(name)) throw new AppError('service_channel_attribute_unknown', [kind, name]);
    if (value.trim()) attributes[name] = value.trim();
    else delete attributes[name];
  }
  const secrets = before ? openSecrets(platform.seal, before) : {};
  const beforeSecrets = { ...secrets };
  for (const [name, value] of Object.entries(input.secrets ?? {})) {
    if (!(spec.secret as readonly string[]).includes(name)) throw new AppError('service_channel_attribute_unknown', [kind, name]);
    if (value.trim()) secrets[name] = value.trim();
    else delete secrets[name];
  }
  assertTokenStaysWithItsAddress(kind, before?.attributes ?? {}, attributes, beforeSecrets, input.secrets ?? {});
  if (before?.active) {
    const missing = missingAttributes(kind, attributes, secrets);
    if (missing.length) throw new AppError('channel_cannot_be_active_without_attributes', [missing.join(', ')]);
  }
  const values = { attributes, secretsSealed: sealSecrets(platform.seal, actor.tenantId, secrets), updatedAt: new Date() };
  const [row] = before
    ? await tx.update(serviceChannels).set(values).where(eq(serviceChannels.id, before.id)).returning()
    : await tx
        .insert(serviceChannels)
        .values({ tenantId: actor.tenantId, id: uuidv7(), clientId: client.id, kind, ...values })
        .returning();
  await writeAudit(tx, actor, {
    module: 'service.channel',
    action: before ? 'update' : 'create',
    entity: 'service-channel',
    entityId: row.id,
    before: before ? audited(before, beforeSecrets) : undefined,
    after: audited(row, secrets),
  });
  return view(platform, actor.tenantCode, client, kind, row);
}

/**
 * Activates a channel that has every required attribute, or deactivates it. A Telegram bot is told where to deliver
 * (setWebhook with a fresh secret_token) on activation and forgets it on deactivation; a refusal leaves it unchanged.
 */
export async function setChannelActive(
  tx: Tx,
  actor: Actor & { tenantCode: string },
  platform: ChannelPlatform,
  clientCode: string,
  kind: ChannelKindName,
  active: boolean,
): Promise<ServiceChannel> {
  const client = await clientRowByCode(tx, clientCode);
  await lockChannel(tx, client.id, kind);
  const before = await channelOfKind(tx, client.id, kind);
  const secrets = before ? openSecrets(platform.seal, before) : {};
  if (active) {
    const missing = missingAttributes(kind, before?.attributes ?? {}, secrets);
    if (missing.length) throw new AppError('channel_cannot_be_active_without_attributes', [missing.join(', ')]);
  }
  let row = before ?? (await tx.insert(serviceChannels).values({ tenantId: actor.tenantId, id: uuidv7(), clientId: client.id, kind }).returning())[0];
  if (row.active === active) return view(platform, actor.tenantCode, client, kind, row);
  if (kind === 'telegram' && active) {
    secrets[TELEGRAM_WEBHOOK_SECRET] = randomBytes(24).toString('hex');
    await setTelegramWebhook(
      row.attributes,
      secrets,
      webhookUrl(platform.publicUrl, actor.tenantCode, client, kind, row.id)!,
      secrets[TELEGRAM_WEBHOOK_SECRET],
    );
  } else if (kind === 'telegram') {
    await deleteTelegramWebhook(row.attributes, secrets).catch(() => undefined);
    delete secrets[TELEGRAM_WEBHOOK_SECRET];
  }
  [row] = await tx
    .update(serviceChannels)
    .set({ active, secretsSealed: sealSecrets(platform.seal, actor.tenantId, secrets), updatedAt: new Date() })
    .where(eq(serviceChannels.id, row.id))
    .returning();
  await writeAudit(tx, actor, {
    module: 'service.channel',
    action: active ? 'activate' : 'deactivate',
    entity: 'service-channel',
    entityId: row.id,
    before: { active: !active },
    after: { active },
  });
  return view(platform, actor.tenantCode, client, kind, row);
}
