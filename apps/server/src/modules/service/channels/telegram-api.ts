import { AppError } from '../../../platform/errors/app-error.ts';
import { logUpstreamFailure, outboundFetch } from '../../../platform/outbound/index.ts';

/** The Telegram Bot API (https://core.telegram.org/bots/api) through platform/outbound; `apiRoot` may point elsewhere (a test's server, when the install allows its address). */
const DEFAULT_API_ROOT = 'https://api.telegram.org';
const TIMEOUT_MS = 10_000;

async function call<T>(attributes: Record<string, string>, secrets: Record<string, string>, method: string, body: unknown): Promise<T> {
  const root = (attributes.apiRoot || DEFAULT_API_ROOT).replace(/\/$/, '');
  let status: number;
  let answer: { ok?: boolean; result?: T; description?: string };
  try {
    const res = await outboundFetch(`${root}/bot${secrets.botToken}/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    status = res.status;
    answer = (await res.json().catch(() => ({ ok: false }))) as typeof answer;
  } catch (error) {
    if (error instanceof AppError) throw error;
    logUpstreamFailure('telegram', { error: `${method}: ${String((error as { cause?: unknown }).cause ?? error)}` });
    throw new AppError('service_channel_webhook_failed', ['connection failed']);
  }
  if (!answer.ok) {
    // The address is the tenant's to choose: what it answered is logged, the caller learns the status only.
    logUpstreamFailure('telegram', { status, body: `${method}: ${String(answer.description ?? '')}` });
    throw new AppError('service_channel_webhook_failed', [`HTTP ${status}`]);
  }
  return answer.result as T;
}

export const setTelegramWebhook = (attributes: Record<string, string>, secrets: Record<string, string>, url: string, secretToken: string) =>
  call<boolean>(attributes, secrets, 'setWebhook', { url, secret_token: secretToken, allowed_updates: ['message'], drop_pending_updates: false });

export const deleteTelegramWebhook = (attributes: Record<string, string>, secrets: Record<string, string>) =>
  call<boolean>(attributes, secrets, 'deleteWebhook', {});

/** Sends a text to a chat; answers the message's id in that chat. */
export async function sendTelegramText(attributes: Record<string, string>, secrets: Record<string, string>, chatId: string, text: string): Promise<string> {
  const sent = await call<{ message_id: number }>(attributes, secrets, 'sendMessage', { chat_id: chatId, text });
  return String(sent.message_id);
}
