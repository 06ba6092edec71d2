import { describe, expect, it } from 'vitest';
import { cashGridOf, cashProblem } from '../cash-transactions/cash-lines.ts';
import { emptyLine, fromUnits, remarksPreview, toUnits, totalsOf } from '../documents/line-grid.ts';
import { journalLinesBody, journalProblem } from './journal-lines.ts';

const line = (debit: string, credit: string, coaId: string | null = 'a') => ({ ...emptyLine(), coaId, debit, credit });

describe('journal lines', () => {
  it('adds amounts exactly', () => {
    expect(totalsOf([line('0.1', ''), line('0.2', ''), line('', '0.3')])).toEqual({ debit: '0.3', credit: '0.3', difference: '0', balanced: true });
    expect(totalsOf([line('9999999999999999.9999', ''), line('0.0001', '')]).debit).toBe('10000000000000000');
    expect(totalsOf([line('100', ''), line('', '99.9999')])).toMatchObject({ difference: '0.0001', balanced: false });
    expect([toUnits('1,5'), toUnits('-1'), toUnits('1.23456'), fromUnits(-5n)]).toEqual([undefined, undefined, undefined, '-0.0005']);
  });

  it('says why a grid cannot be saved', () => {
    expect(journalProblem([emptyLine()])).toBe('noLines');
    expect(journalProblem([line('5', '', null)])).toBe('account');
    expect(journalProblem([line('5', '5'), line('', '')])).toBe('bothSides');
    expect(journalProblem([line('5', ''), line('', '4')])).toBe('unbalanced');
    expect(journalProblem([line('5', ''), line('', '5'), emptyLine()])).toBeUndefined();
    expect(cashProblem([line('abc', '')])).toBe('amount');
    expect(cashProblem([line('10', '')])).toBeUndefined();
  });

  it('sends filled lines with decimal strings and reads saved lines back', () => {
    expect(journalLinesBody([line('1250000.50', ''), emptyLine()])).toEqual([
      { coaId: 'a', memo: null, ouId: null, partnerId: null, segmentId: null, debit: '1250000.5', credit: '0' },
    ]);
    const back = cashGridOf([{ coaId: 'a', memo: null, ouId: null, partnerId: null, debit: '0', credit: '25' }]);
    expect(back[0]).toMatchObject({ debit: '25' });
    expect(remarksPreview('Pembayaran sewa kantor bulan Maret')).toBe('Pembayaran sewa kantor bulan M…');
  });
});
