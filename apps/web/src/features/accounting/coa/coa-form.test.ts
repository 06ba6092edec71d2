import { describe, expect, it } from 'vitest';
import { coaAccountInput, type CoaAccount } from '@nusa/contracts';
import { coaFormValues, coaPayload } from './coa-form.ts';

const GROUP = '0190a000-0000-7000-8000-000000000001';
const MAIN = '0190a000-0000-7000-8000-000000000002';
const stored: CoaAccount = {
  coaId: '0190a000-0000-7000-8000-000000000003',
  coaCode: '1201.04',
  coaName: 'Bank BNI',
  coaDesc: '1201.04 - Bank BNI',
  description: 'Rekening operasional',
  sign: 'credit',
  type: 'asset',
  groupId: GROUP,
  groupCode: '1200',
  groupName: 'Bank',
  groupPurpose: 'bank',
  mainAccountId: MAIN,
  mainAccountCode: '1201',
  detail: 'Y',
  default: 'N',
  active: 'Y',
  activityGlCode: 'GL-7',
  activityGlName: 'Operasional',
};

describe('account form ↔ payload', () => {
  it('starts a new account at its place, with sign and type following the group', () => {
    const values = coaFormValues(undefined, { groupId: GROUP, mainAccountId: MAIN });
    expect(values).toMatchObject({ groupId: GROUP, mainAccountId: MAIN, coaCode: '', sign: null, type: null, detail: false, isDefault: false });
    const body = coaPayload({ ...values, coaCode: ' 1201.09 ', coaName: ' Bank Jago ', description: '   ' });
    expect(body).toEqual({
      coaCode: '1201.09',
      coaName: 'Bank Jago',
      description: null,
      groupId: GROUP,
      mainAccountId: MAIN,
      sign: undefined,
      type: undefined,
      detail: false,
      isDefault: false,
      activityGlCode: null,
      activityGlName: null,
    });
    expect(coaAccountInput.safeParse(body).success).toBe(true);
    // A main account: no main account chosen.
    expect(coaPayload(coaFormValues(undefined, { groupId: GROUP })).mainAccountId).toBeNull();
  });

  it('edits an account without losing what the dialog does not show', () => {
    const values = coaFormValues(stored);
    expect(values).toEqual({
      groupId: GROUP,
      mainAccountId: MAIN,
      coaCode: '1201.04',
      coaName: 'Bank BNI',
      description: 'Rekening operasional',
      sign: 'credit',
      type: 'asset',
      detail: true,
      isDefault: false,
    });
    const body = coaPayload({ ...values, coaName: 'Bank BNI Syariah' }, stored);
    expect(body).toMatchObject({ coaName: 'Bank BNI Syariah', sign: 'credit', detail: true, activityGlCode: 'GL-7', activityGlName: 'Operasional' });
    expect(coaAccountInput.safeParse(body).success).toBe(true);
  });
});
