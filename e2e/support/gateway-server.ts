import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';

/** One order the Nusa server opened at the gateway. */
export interface GatewayOrder {
  token: string;
  orderId: string;
  /** As the Nusa server sent it: whole rupiah. */
  grossAmount: number;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const readBody = async (req: http.IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/** Midtrans: signature_key = SHA512(order_id + status_code + gross_amount + server key), hex. */
export const snapSignature = (orderId: string, statusCode: string, grossAmount: string, serverKey: string) =>
  createHash('sha512')
    .update(orderId + statusCode + grossAmount + serverKey)
    .digest('hex');

function checkoutPage(order: GatewayOrder) {
  const amount = new Intl.NumberFormat('id-ID', { style: 'currency', currency: 'IDR', maximumFractionDigits: 0 }).format(order.grossAmount);
  return `<!doctype html><html lang="id"><head><meta charset="utf-8"><title>Checkout e2e</title>
<style>body{font-family:sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem}button{font-size:1rem;padding:.6rem 1.6rem}</style></head>
<body><h1>Checkout</h1><p>Order <code data-testid="gateway-order-id">${escapeHtml(order.orderId)}</code></p>
<p>Total <strong data-testid="gateway-amount">${escapeHtml(amount)}</strong></p>
<form method="post" action="/snap/v4/pay/${encodeURIComponent(order.token)}"><button type="submit" autofocus>Bayar</button></form></body></html>`;
}

/**
 * A hosted checkout on loopback speaking the Snap wire format of apps/server/src/platform/payments/snap.ts, for the
 * e2e server (PAYMENT_GATEWAY_URL). It is started before the Nusa server, which it learns with `connect`: the
 * webhook it notifies, and the finish redirect URL (set in the Midtrans dashboard, not sent by the server).
 */
export async function startGateway(serverKey = `SB-Mid-server-e2e-${randomUUID()}`) {
  const orders = new Map<string, GatewayOrder>();
  let nusaUrl: string | undefined;
  let ownUrl = '';

  /** Pay pressed: the signed settlement goes to the webhook before the visitor is sent back, as Midtrans does at best. */
  async function pay(order: GatewayOrder, res: http.ServerResponse) {
    if (!nusaUrl) throw new Error('gateway: connect() was not called');
    // Midtrans sends gross_amount with two decimals, and signs exactly that string.
    const grossAmount = `${order.grossAmount}.00`;
    const notification = {
      transaction_time: new Date().toISOString().replace('T', ' ').slice(0, 19),
      transaction_status: 'settlement',
      transaction_id: randomUUID(),
      status_message: 'midtrans payment notification',
      status_code: '200',
      signature_key: snapSignature(order.orderId, '200', grossAmount, serverKey),
      payment_type: 'bank_transfer',
      order_id: order.orderId,
      gross_amount: grossAmount,
      fraud_status: 'accept',
      currency: 'IDR',
    };
    const answer = await fetch(`${nusaUrl}/api/v1/public/payments/notification`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(notification),
    });
    if (!answer.ok) {
      res.writeHead(502, { 'content-type': 'text/plain' }).end(`notification refused: HTTP ${answer.status} ${await answer.text()}`);
      return;
    }
    // The finish redirect URL gets Midtrans's own query, not the shop's.
    const finish = new URL('/form-request/complete', nusaUrl);
    finish.search = new URLSearchParams({ order_id: order.orderId, status_code: '200', transaction_status: 'settlement' }).toString();
    res.writeHead(303, { location: finish.toString() }).end();
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', ownUrl);
    if (req.method === 'POST' && url.pathname === '/snap/v1/transactions') {
      // Basic auth: the server key as user name, an empty password.
      if (req.headers.authorization !== `Basic ${Buffer.from(`${serverKey}:`).toString('base64')}`) {
        res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error_messages: ['Access denied due to unauthorized transaction'] }));
        return;
      }
      const body = JSON.parse(await readBody(req)) as { transaction_details?: { order_id?: unknown; gross_amount?: unknown } };
      const { order_id: orderId, gross_amount: grossAmount } = body.transaction_details ?? {};
      if (typeof orderId !== 'string' || typeof grossAmount !== 'number' || !Number.isInteger(grossAmount) || grossAmount <= 0) {
        res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error_messages: ['transaction_details is invalid'] }));
        return;
      }
      const token = randomUUID();
      orders.set(token, { token, orderId, grossAmount });
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ token, redirect_url: `${ownUrl}/snap/v4/redirection/${token}` }));
      return;
    }
    const [, kind, token] = /^\/snap\/v4\/(redirection|pay)\/([^/]+)$/.exec(url.pathname) ?? [];
    const order = token ? orders.get(decodeURIComponent(token)) : undefined;
    if (order && kind === 'redirection' && req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(checkoutPage(order));
      return;
    }
    if (order && kind === 'pay' && req.method === 'POST') return pay(order, res);
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  ownUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    url: ownUrl,
    serverKey,
    /** The Nusa server's base URL, known only once it runs. */
    connect: (url: string) => {
      nusaUrl = url;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
