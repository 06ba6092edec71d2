import { createHash, timingSafeEqual } from 'node:crypto';
import { AppError } from '../errors/app-error.ts';
import { outboundFetch } from '../outbound/index.ts';
import type { PaymentOrder, PaymentProvider, PaymentStart, VerifiedNotification } from './provider.ts';

export class GatewayError extends Error {
  constructor(readonly detail: string) {
    super(`payment gateway: ${detail}`);
  }
}

export interface SnapNotification {
  order_id: string;
  status_code: string;
  gross_amount: string;
  transaction_status: string;
  signature_key: string;
  fraud_status?: unknown;
}

/**
 * Hosted checkout speaking the Midtrans Snap wire format: POST {base}/snap/v1/transactions with Basic auth
 * (server key as user, empty password), body {transaction_details: {order_id, gross_amount}, customer_details},
 * answer {token, redirect_url}. Notifications carry signature_key = SHA512(order_id + status_code + gross_amount + server_key).
 */
export class SnapGateway implements PaymentProvider {
  readonly id = 'gateway' as const;
  constructor(
    private readonly baseUrl: string,
    private readonly serverKey: string,
    private readonly timeoutMs = 15_000,
  ) {}

  async start(order: PaymentOrder): Promise<PaymentStart> {
    const url = `${this.baseUrl.replace(/\/+$/, '')}/snap/v1/transactions`;
    let res: Response;
    try {
      res = await outboundFetch(url, {
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          authorization: `Basic ${Buffer.from(`${this.serverKey}:`).toString('base64')}`,
        },
        body: JSON.stringify({
          transaction_details: { order_id: order.orderId, gross_amount: Number(order.grossAmount) },
          customer_details: { first_name: order.customer.name, email: order.customer.email, phone: order.customer.phone },
          item_details: [{ id: 'package', price: Number(order.grossAmount), quantity: 1, name: order.description.slice(0, 50) }],
        }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      throw new GatewayError(err instanceof AppError ? err.code : err instanceof Error ? err.name : 'network');
    }
    const body = (await res.json().catch(() => undefined)) as { token?: unknown; redirect_url?: unknown } | undefined;
    if (!res.ok || typeof body?.token !== 'string' || typeof body.redirect_url !== 'string') throw new GatewayError(`HTTP ${res.status}`);
    return { kind: 'redirect', token: body.token, redirectUrl: body.redirect_url };
  }

  signatureOf(orderId: string, statusCode: string, grossAmount: string): string {
    return createHash('sha512')
      .update(orderId + statusCode + grossAmount + this.serverKey)
      .digest('hex');
  }

  /** The notification's meaning when its signature is the server key's, else undefined. */
  verify(n: SnapNotification): VerifiedNotification | undefined {
    const expected = Buffer.from(this.signatureOf(n.order_id, n.status_code, n.gross_amount), 'utf8');
    const given = Buffer.from(n.signature_key.toLowerCase(), 'utf8');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return { orderId: n.order_id, grossAmount: n.gross_amount, outcome: outcomeOf(n.transaction_status, n.fraud_status) };
  }
}

/** Midtrans transaction_status: capture (card, unless fraud challenge) and settlement are paid. */
function outcomeOf(status: string, fraud: unknown): VerifiedNotification['outcome'] {
  if (status === 'settlement') return 'paid';
  if (status === 'capture') return fraud === 'challenge' || fraud === 'deny' ? 'pending' : 'paid';
  if (status === 'pending' || status === 'authorize') return 'pending';
  return 'failed';
}
