import { createHmac, timingSafeEqual } from 'node:crypto';
import { logUpstreamFailure, outboundFetch } from '../../../platform/outbound/index.ts';

/** The WhatsApp Cloud API (Graph API) through platform/outbound; `apiBaseUrl` may point elsewhere (a test's server, when the install allows its address). */
const DEFAULT_BASE_URL = 'https://graph.facebook.com';
const DEFAULT_VERSION = 'v21.0';
const TIMEOUT_MS = 10_000;

/** X-Hub-Signature-256: "sha256=" and the HMAC-SHA256 of the raw body with the app secret, in hex. */
export function signatureValid(rawBody: Buffer, header: string | undefined, appSecret: string): boolean {
  if (!header?.startsWith('sha256=') || !appSecret) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  const given = Buffer.from(header.slice('sha256='.length), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Sends a text message to a WhatsApp user; answers its wamid. */
export async function sendWhatsappText(attributes: Record<string, string>, secrets: Record<string, string>, to: string, text: string): Promise<string> {
  const base = (attributes.apiBaseUrl || DEFAULT_BASE_URL).replace(/\/$/, '');
  const res = await outboundFetch(`${base}/${attributes.apiVersion || DEFAULT_VERSION}/${encodeURIComponent(attributes.phoneNumberId)}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${secrets.accessToken}` },
    body: JSON.stringify({ messaging_product: 'whatsapp', recipient_type: 'individual', to, type: 'text', text: { preview_url: false, body: text } }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const answer = (await res.json().catch(() => ({}))) as { messages?: { id: string }[]; error?: { message?: string } };
  if (!res.ok || !answer.messages?.[0]?.id) {
    logUpstreamFailure('whatsapp', { status: res.status, body: answer.error?.message });
    throw new Error(`WhatsApp send failed: HTTP ${res.status}`);
  }
  return answer.messages[0].id;
}

export interface WhatsappInbound {
  messages: { id: string; from: string; name: string; text: string; at: Date }[];
  statuses: { id: string; status: 'sent' | 'delivered' | 'read' | 'failed' }[];
}

interface Payload {
  entry?: {
    changes?: {
      value?: {
        metadata?: { phone_number_id?: string };
        contacts?: { wa_id?: string; profile?: { name?: string } }[];
        messages?: { id?: string; from?: string; timestamp?: string; type?: string; text?: { body?: string } }[];
        statuses?: { id?: string; status?: string }[];
      };
    }[];
  }[];
}

const STATUSES = ['sent', 'delivered', 'read', 'failed'] as const;

/**
 * The text messages and delivery statuses of a webhook body for one phone number; other kinds (images, reactions …)
 * and other numbers of the same Meta app (its webhook is the app's, not the number's) are left out.
 */
export function readWhatsappPayload(body: unknown, phoneNumberId: string): WhatsappInbound {
  const out: WhatsappInbound = { messages: [], statuses: [] };
  for (const entry of (body as Payload)?.entry ?? []) {
    for (const change of entry.changes ?? []) {
      const value = change.value ?? {};
      if (value.metadata?.phone_number_id !== phoneNumberId) continue;
      for (const m of value.messages ?? []) {
        if (m.type !== 'text' || !m.id || !m.from || !m.text?.body) continue;
        const name = value.contacts?.find((c) => c.wa_id === m.from)?.profile?.name ?? '';
        out.messages.push({ id: m.id, from: m.from, name, text: m.text.body, at: m.timestamp ? new Date(Number(m.timestamp) * 1000) : new Date() });
      }
      for (const s of value.statuses ?? []) {
        const status = STATUSES.find((x) => x === s.status);
        if (s.id && status) out.statuses.push({ id: s.id, status });
      }
    }
  }
  return out;
}
