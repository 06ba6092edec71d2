import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error.ts';
import { fieldOfError } from './server-errors.ts';

const fields = ['cashBankCode', 'cashBankName', 'coaId', 'ouId', 'addresses'];
const o = { codeField: 'cashBankCode', byCode: { cash_bank_ou_required: 'ouId', cash_bank_coa_already_used: 'coaId' }, fields };

describe('fieldOfError', () => {
  it('puts a duplicate code under the code field', () => {
    expect(fieldOfError(new ApiError(409, 'cash_bank_code_already_exists', ['CB1']), o)).toBe('cashBankCode');
    expect(fieldOfError(new ApiError(409, 'partner_code_already_exists', ['C1']), { ...o, codeField: 'partnerCode' })).toBe('partnerCode');
  });

  it('follows the page map of other codes', () => {
    expect(fieldOfError(new ApiError(422, 'cash_bank_ou_required', []), o)).toBe('ouId');
    expect(fieldOfError(new ApiError(409, 'cash_bank_coa_already_used', ['1201.01']), o)).toBe('coaId');
  });

  it('reads the field of schema refusals, nested paths included', () => {
    expect(fieldOfError(new ApiError(400, 'invalid_input_format', ['body.cashBankName', 'Too big']), o)).toBe('cashBankName');
    expect(fieldOfError(new ApiError(400, 'value_cannot_null', ['body.coaId']), o)).toBe('coaId');
    expect(fieldOfError(new ApiError(400, 'invalid_input_format', ['body.addresses.1.latitude', 'x']), o)).toEqual(['addresses', 1, 'latitude']);
  });

  it('leaves everything else to the error toast', () => {
    expect(fieldOfError(new ApiError(400, 'invalid_input_format', ['query.limit', 'x']), o)).toBeUndefined();
    expect(fieldOfError(new ApiError(400, 'invalid_input_format', ['body.unknownField', 'x']), o)).toBeUndefined();
    expect(fieldOfError(new ApiError(409, 'used_by_another_table', ['cash_banks']), o)).toBeUndefined();
    expect(fieldOfError(new Error('boom'), o)).toBeUndefined();
  });
});
