import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SnapGateway } from './snap.ts';
import { parseBankAccount } from './provider.ts';

const key = 'SB-Mid-server-abc123';
const gw = new SnapGateway('http://127.0.0.1:1', key);
const sign = (o: string, s: string, g: string, k = key) =>
  createHash('sha512')
    .update(o + s + g + k)
    .digest('hex');
const note = (extra: Record<string, string> = {}) => ({
  order_id: 'demo~0123456789abcdef',
  status_code: '200',
  gross_amount: '150000.00',
  transaction_status: 'settlement',
  ...extra,
});

describe('Snap notification signature', () => {
  it('accepts SHA512(order_id + status_code + gross_amount + server_key) and maps the status', () => {
    expect(gw.verify({ ...note(), signature_key: sign('demo~0123456789abcdef', '200', '150000.00') })).toEqual({
      orderId: 'demo~0123456789abcdef',
      grossAmount: '150000.00',
      outcome: 'paid',
    });
    expect(
      gw.verify({ ...note({ transaction_status: 'capture' }), signature_key: sign('demo~0123456789abcdef', '200', '150000.00'), fraud_status: 'challenge' })
        ?.outcome,
    ).toBe('pending');
    expect(
      gw.verify({ ...note({ status_code: '202', transaction_status: 'deny' }), signature_key: sign('demo~0123456789abcdef', '202', '150000.00') })?.outcome,
    ).toBe('failed');
  });

  it('refuses another key, altered fields and garbage', () => {
    expect(gw.verify({ ...note(), signature_key: sign('demo~0123456789abcdef', '200', '150000.00', 'other') })).toBeUndefined();
    expect(gw.verify({ ...note({ gross_amount: '1.00' }), signature_key: sign('demo~0123456789abcdef', '200', '150000.00') })).toBeUndefined();
    expect(gw.verify({ ...note(), signature_key: 'zz' })).toBeUndefined();
  });

  it('reads the bank account setting', () => {
    expect(parseBankAccount('BCA|123|PT X')).toEqual({ bankName: 'BCA', accountNumber: '123', accountHolder: 'PT X' });
    expect(parseBankAccount(undefined)).toBeNull();
  });
});
