import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A server on loopback that speaks the Telegram Bot API's wire format (`POST /bot{token}/{method}`, JSON answers
 * `{ok, result}` or `{ok: false, error_code, description}`) for setWebhook, deleteWebhook and sendMessage, for the
 * channel tests. It keeps the webhook set, as Telegram does, so a test delivers updates where Telegram would.
 */
export interface TelegramCall {
  method: string;
  body: Record<string, unknown>;
}

export interface TelegramTestServer {
  /** e.g. http://127.0.0.1:43210 (the channel's apiRoot) */
  apiRoot: string;
  botToken: string;
  calls: TelegramCall[];
  /** The webhook as setWebhook left it (url and secret_token), or undefined. */
  webhook: { url: string; secretToken: string } | undefined;
  close(): Promise<void>;
}

export async function startTelegramServer(botToken: string): Promise<TelegramTestServer> {
  const state: TelegramTestServer = { apiRoot: '', botToken, calls: [], webhook: undefined, close: async () => {} };
  let messageId = 1000;
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
      const path = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '');
      if (!path) return answer(404, { ok: false, error_code: 404, description: 'Not Found' });
      if (decodeURIComponent(path[1]) !== botToken) return answer(401, { ok: false, error_code: 401, description: 'Unauthorized' });
      const body = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
      state.calls.push({ method: path[2], body });
      switch (path[2]) {
        case 'setWebhook': {
          const url = String(body.url ?? '');
          if (!/^https?:\/\//.test(url))
            return answer(400, { ok: false, error_code: 400, description: 'Bad Request: bad webhook: An HTTPS URL must be provided for webhook' });
          if (body.secret_token !== undefined && !/^[A-Za-z0-9_-]{1,256}$/.test(String(body.secret_token))) {
            return answer(400, { ok: false, error_code: 400, description: 'Bad Request: secret token contains unallowed characters' });
          }
          state.webhook = { url, secretToken: String(body.secret_token ?? '') };
          return answer(200, { ok: true, result: true, description: 'Webhook was set' });
        }
        case 'deleteWebhook':
          state.webhook = undefined;
          return answer(200, { ok: true, result: true, description: 'Webhook was deleted' });
        case 'sendMessage':
          if (!body.chat_id || !body.text) return answer(400, { ok: false, error_code: 400, description: 'Bad Request: message text is empty' });
          return answer(200, {
            ok: true,
            result: { message_id: ++messageId, date: Math.floor(Date.now() / 1000), chat: { id: body.chat_id, type: 'private' }, text: body.text },
          });
        default:
          return answer(404, { ok: false, error_code: 404, description: 'Not Found: method not found' });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.apiRoot = `http://127.0.0.1:${port}`;
  state.close = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}

/** An update with a private text message, as Telegram delivers it to a webhook. */
export function telegramTextUpdate(updateId: number, m: { messageId: number; chatId: number; firstName: string; text: string }) {
  return {
    update_id: updateId,
    message: {
      message_id: m.messageId,
      from: { id: m.chatId, is_bot: false, first_name: m.firstName, language_code: 'id' },
      chat: { id: m.chatId, first_name: m.firstName, type: 'private' },
      date: Math.floor(Date.now() / 1000),
      text: m.text,
    },
  };
}
