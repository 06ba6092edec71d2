import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentView } from '@nusa/contracts';
import { refFromQuery, refOfCompletion, rememberGatewayOrder, stageOf, stepPath, stepperOf, type RequestStage } from './flow.ts';

const REQUEST_ID = '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';

const payment = (over: Partial<PaymentView>): PaymentView => ({
  paymentId: 'p',
  method: 'bank-transfer',
  status: 'PENDING',
  orderId: 'demo~0123456789abcdef',
  amount: '1350000.0000',
  bankAccount: null,
  redirectUrl: null,
  hasProof: false,
  paidAt: null,
  ...over,
});

describe('stageOf', () => {
  it.each<[string, PaymentView | null, RequestStage]>([
    ['no payment', null, 'choose-payment'],
    ['bank transfer started', payment({}), 'awaiting-transfer'],
    ['gateway started', payment({ method: 'gateway', redirectUrl: 'https://pay.example/x' }), 'awaiting-gateway'],
    ['proof uploaded', payment({ status: 'PROOF_UPLOADED', hasProof: true }), 'proof-uploaded'],
    ['paid by gateway', payment({ method: 'gateway', status: 'PAID', paidAt: '2026-11-21T08:00:00Z' }), 'paid'],
    ['paid by confirmed transfer', payment({ status: 'PAID', hasProof: true }), 'paid'],
    ['gateway failed', payment({ method: 'gateway', status: 'FAILED' }), 'payment-failed'],
  ])('%s → %s', (_name, p, stage) => {
    expect(stageOf({ payment: p })).toBe(stage);
  });
});

describe('stepperOf', () => {
  it('marks the step of each page and the request stage', () => {
    expect(stepperOf('request')).toEqual({ current: 0, status: 'process' });
    expect(stepperOf('payment', 'awaiting-transfer')).toEqual({ current: 1, status: 'process' });
    expect(stepperOf('payment', 'payment-failed')).toEqual({ current: 1, status: 'error' });
    expect(stepperOf('complete', 'paid')).toEqual({ current: 2, status: 'finish' });
    expect(stepperOf('complete', 'proof-uploaded')).toEqual({ current: 2, status: 'process' });
    // Landing on completion before paying keeps the payment step open.
    expect(stepperOf('complete', 'awaiting-gateway')).toEqual({ current: 1, status: 'process' });
    expect(stepperOf('complete', 'choose-payment')).toEqual({ current: 1, status: 'process' });
  });
});

describe('request in the address', () => {
  it('writes and reads the query of the server mail links', () => {
    const path = stepPath('/form-request/payment', { tenant: 'demo', requestId: REQUEST_ID });
    expect(path).toBe(`/form-request/payment?tenant=demo&requestId=${REQUEST_ID}`);
    expect(refFromQuery(new URL(path, 'http://x').searchParams)).toEqual({ tenant: 'demo', requestId: REQUEST_ID });
  });

  it.each([
    ['', 'missing'],
    [`tenant=demo`, 'no request'],
    [`requestId=${REQUEST_ID}`, 'no tenant'],
    [`tenant=Bad_Code!&requestId=${REQUEST_ID}`, 'bad tenant'],
    ['tenant=demo&requestId=123', 'bad id'],
  ])('ignores %s (%s)', (query) => {
    expect(refFromQuery(new URLSearchParams(query))).toBeUndefined();
  });
});

describe('coming back from the hosted checkout', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('finds the request of a remembered gateway order', () => {
    const store = new Map<string, string>();
    vi.stubGlobal('window', {
      localStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v) },
    });
    rememberGatewayOrder('demo~00000000000000aa', { tenant: 'demo', requestId: REQUEST_ID });
    const back = new URLSearchParams('order_id=demo~00000000000000aa&status_code=200&transaction_status=settlement');
    expect(refOfCompletion(back)).toEqual({ tenant: 'demo', requestId: REQUEST_ID });
    expect(refOfCompletion(new URLSearchParams('order_id=demo~ffffffffffffffff'))).toBeUndefined();
    // Our own query wins over the gateway's.
    const other = '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c';
    expect(refOfCompletion(new URLSearchParams(`tenant=acme&requestId=${other}&order_id=demo~00000000000000aa`))).toEqual({ tenant: 'acme', requestId: other });
  });

  it('keeps only the latest orders', () => {
    const store = new Map<string, string>();
    vi.stubGlobal('window', {
      localStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v) },
    });
    for (let i = 0; i < 15; i++) rememberGatewayOrder(`demo~${String(i).padStart(16, '0')}`, { tenant: 'demo', requestId: REQUEST_ID });
    const kept = Object.keys(JSON.parse([...store.values()][0]) as object);
    expect(kept).toHaveLength(10);
    expect(kept.at(-1)).toBe(`demo~${String(14).padStart(16, '0')}`);
  });
});
