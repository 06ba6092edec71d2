import type { DemoRequestView } from '@nusa/contracts';
import { isTenantCode } from '../../../app/tenant.ts';

export const REQUEST_DEMO_PATH = '/request-demo';
export const PAYMENT_PATH = '/form-request/payment';
export const COMPLETE_PATH = '/form-request/complete';

/** The request a payment or completion page shows; both live in the address so a reload (or a mail link) finds it. */
export interface RequestRef {
  tenant: string;
  requestId: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The path of a step for a request, with the query the server's mail links use (?tenant=…&requestId=…). */
export const stepPath = (path: typeof PAYMENT_PATH | typeof COMPLETE_PATH, ref: RequestRef) =>
  `${path}?${new URLSearchParams({ tenant: ref.tenant, requestId: ref.requestId }).toString()}`;

/** The request named by the address, when both parts are well formed. */
export function refFromQuery(query: URLSearchParams): RequestRef | undefined {
  const tenant = query.get('tenant')?.trim().toLowerCase() ?? '';
  const requestId = query.get('requestId')?.trim() ?? '';
  return isTenantCode(tenant) && UUID.test(requestId) ? { tenant, requestId } : undefined;
}

/**
 * Where a request stands. `choose-payment`: no payment yet; `awaiting-transfer`: bank transfer started, no proof;
 * `awaiting-gateway`: sent to the hosted checkout, not settled; `proof-uploaded`: an admin checks the proof;
 * `paid`; `payment-failed`: the gateway reported a failure, the visitor may pay again.
 */
export type RequestStage = 'choose-payment' | 'awaiting-transfer' | 'awaiting-gateway' | 'proof-uploaded' | 'paid' | 'payment-failed';

export function stageOf(view: Pick<DemoRequestView, 'payment'>): RequestStage {
  const p = view.payment;
  if (!p) return 'choose-payment';
  if (p.status === 'PAID') return 'paid';
  if (p.status === 'FAILED') return 'payment-failed';
  if (p.status === 'PROOF_UPLOADED') return 'proof-uploaded';
  return p.method === 'gateway' ? 'awaiting-gateway' : 'awaiting-transfer';
}

/** The request is through the payment step: the completion page is its place. */
export const isSettledForVisitor = (stage: RequestStage) => stage === 'proof-uploaded' || stage === 'paid';

export type StepStatus = 'wait' | 'process' | 'finish' | 'error';

/** The stepper (request → payment → completion) for a page and the request's stage. */
export function stepperOf(page: 'request' | 'payment' | 'complete', stage?: RequestStage): { current: number; status: StepStatus } {
  if (page === 'request') return { current: 0, status: 'process' };
  if (page === 'payment' || !stage) return { current: 1, status: stage === 'payment-failed' ? 'error' : 'process' };
  if (stage === 'paid') return { current: 2, status: 'finish' };
  if (stage === 'proof-uploaded') return { current: 2, status: 'process' };
  // On the completion page without a finished payment, the payment step is the one still open.
  return { current: 1, status: stage === 'payment-failed' ? 'error' : 'process' };
}

const GATEWAY_ORDERS_KEY = 'nusa.demoRequest.gatewayOrders';
const MAX_REMEMBERED = 10;

function readOrders(): Record<string, RequestRef> {
  try {
    const parsed = JSON.parse(window.localStorage.getItem(GATEWAY_ORDERS_KEY) ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, RequestRef>) : {};
  } catch {
    return {};
  }
}

/**
 * The hosted checkout sends the visitor back with its own query (Midtrans: order_id, status_code,
 * transaction_status), not ours: the request of each order sent to the gateway is remembered in this browser.
 */
export function rememberGatewayOrder(orderId: string, ref: RequestRef) {
  const kept = Object.entries(readOrders())
    .filter(([id]) => id !== orderId)
    .slice(-(MAX_REMEMBERED - 1));
  try {
    window.localStorage.setItem(GATEWAY_ORDERS_KEY, JSON.stringify(Object.fromEntries([...kept, [orderId, ref]])));
  } catch {
    // Without storage the completion page asks the visitor to open the link from the confirmation mail.
  }
}

/** The request of the address, else of the gateway order the address names (coming back from the checkout). */
export function refOfCompletion(query: URLSearchParams): RequestRef | undefined {
  const direct = refFromQuery(query);
  if (direct) return direct;
  const orderId = query.get('order_id');
  const remembered = orderId ? readOrders()[orderId] : undefined;
  return remembered ? refFromQuery(new URLSearchParams({ tenant: remembered.tenant, requestId: remembered.requestId })) : undefined;
}
