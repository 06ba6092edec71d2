import { describe, expect, it } from 'vitest';
import { LEAD_STATUSES, leadFilter } from '@nusa/contracts';
import { canConfirmPayment, hasLeadFilter, isFinalStatus, leadFilterQuery, nextStatuses } from './lead-rules.ts';

describe('lead status moves offered by the screen', () => {
  it('follows NEW → CONTACTED → DEMO_SCHEDULED → WON, LOST from any open status, nothing after WON or LOST', () => {
    expect(Object.fromEntries(LEAD_STATUSES.map((s) => [s, nextStatuses(s)]))).toEqual({
      NEW: ['CONTACTED', 'LOST'],
      CONTACTED: ['DEMO_SCHEDULED', 'LOST'],
      DEMO_SCHEDULED: ['WON', 'LOST'],
      WON: [],
      LOST: [],
    });
  });

  it('asks before the final statuses only', () => {
    expect(LEAD_STATUSES.filter(isFinalStatus)).toEqual(['WON', 'LOST']);
  });
});

describe('payment confirmation', () => {
  const payment = (method: 'bank-transfer' | 'gateway', status: 'PENDING' | 'PROOF_UPLOADED' | 'PAID' | 'FAILED') => ({
    payment: { paymentId: 'p', method, status, orderId: 'o', amount: '1', bankAccount: null, redirectUrl: null, hasProof: status !== 'PENDING', paidAt: null },
  });
  it('is offered for a bank transfer whose proof waits for a check, and for nothing else', () => {
    expect(canConfirmPayment(payment('bank-transfer', 'PROOF_UPLOADED'))).toBe(true);
    expect(canConfirmPayment(payment('bank-transfer', 'PENDING'))).toBe(false);
    expect(canConfirmPayment(payment('bank-transfer', 'PAID'))).toBe(false);
    expect(canConfirmPayment(payment('gateway', 'PROOF_UPLOADED'))).toBe(false);
    expect(canConfirmPayment({ payment: null })).toBe(false);
  });
});

describe('lead filter → query', () => {
  it('sends only what is set, the keyword trimmed', () => {
    expect(leadFilterQuery({ keyword: '  ', dateFrom: null, dateTo: undefined })).toEqual({});
    expect(hasLeadFilter({ keyword: ' ' })).toBe(false);
    const full = leadFilterQuery({
      keyword: ' Sari ',
      status: 'CONTACTED',
      product: 'erp',
      package: 'business',
      dateFrom: '2026-11-01',
      dateTo: '2026-11-21',
    });
    expect(full).toEqual({ keyword: 'Sari', status: 'CONTACTED', product: 'erp', package: 'business', dateFrom: '2026-11-01', dateTo: '2026-11-21' });
    expect(hasLeadFilter({ keyword: '', status: 'WON' })).toBe(true);
  });

  it('is a query the list endpoint accepts as it is (paging added)', () => {
    const query = leadFilterQuery({ keyword: 'x', status: 'NEW', dateFrom: '2026-01-31', dateTo: null });
    expect(leadFilter.parse({ ...query, page: 2, limit: 25 })).toEqual({ ...query, page: 2, limit: 25 });
  });
});
