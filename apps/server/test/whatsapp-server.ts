import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A server on loopback that speaks the WhatsApp Cloud API's wire format (Graph API `POST /{version}/{phoneNumberId}/messages`
 * with a bearer access token), for the channel tests; and the webhook bodies WhatsApp sends, signed as WhatsApp signs
 * them (X-Hub-Signature-256: HMAC-SHA256 of the raw body with the app secret).
 */
export interface WhatsappSent {
  version: string;
  phoneNumberId: string;
  authorization?: string;
  body: { messaging_product?: string; to?: string; type?: string; text?: { body?: string } };
  wamid: string;
}

export interface WhatsappTestServer {
  /** e.g. http://127.0.0.1:43210 (the channel's apiBaseUrl) */
  baseUrl: string;
  /** The access token it accepts; any other gets Graph's 401 OAuthException. */
  accessToken: string;
  sent: WhatsappSent[];
  close(): Promise<void>;
}

export async function startWhatsappServer(accessToken: string): Promise<WhatsappTestServer> {
  const sent: WhatsappSent[] = [];
  let n = 0;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => {
      raw += c.toString('utf8');
    });
    req.on('end', () => {
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const path = /^\/(v\d+\.\d+)\/([^/]+)\/messages$/.exec(req.url ?? '');
      if (req.method !== 'POST' || !path) return answer(404, { error: { message: 'Unknown path components', type: 'OAuthException', code: 2500 } });
      if (req.headers.authorization !== `Bearer ${accessToken}`) {
        return answer(401, { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } });
      }
      const body = JSON.parse(raw) as WhatsappSent['body'];
      const wamid = `wamid.TEST${String(++n).padStart(6, '0')}`;
      sent.push({ version: path[1], phoneNumberId: decodeURIComponent(path[2]), authorization: req.headers.authorization, body, wamid });
      answer(200, { messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id: wamid }] });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}`, accessToken, sent, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A webhook body with one inbound text message, as WhatsApp sends it. */
export function whatsappTextWebhook(phoneNumberId: string, m: { id: string; from: string; name: string; text: string; timestamp?: number }) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'WABA-ID',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '6281100000000', phone_number_id: phoneNumberId },
              contacts: [{ profile: { name: m.name }, wa_id: m.from }],
              messages: [{ from: m.from, id: m.id, timestamp: String(m.timestamp ?? Math.floor(Date.now() / 1000)), type: 'text', text: { body: m.text } }],
            },
          },
        ],
      },
    ],
  };
}

/** A webhook body with a delivery status of a message the business sent. */
export function whatsappStatusWebhook(phoneNumberId: string, wamid: string, status: 'sent' | 'delivered' | 'read' | 'failed', recipient: string) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'WABA-ID',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '6281100000000', phone_number_id: phoneNumberId },
              statuses: [{ id: wamid, status, timestamp: String(Math.floor(Date.now() / 1000)), recipient_id: recipient }],
            },
          },
        ],
      },
    ],
  };
}

/** The X-Hub-Signature-256 header WhatsApp puts on a raw body. */
export const hubSignature = (raw: string, appSecret: string) => `sha256=${createHmac('sha256', appSecret).update(raw).digest('hex')}`;
