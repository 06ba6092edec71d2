import { describe, expect, it } from 'vitest';
import { bandInOrder, formOfFlow, inputOfForm, knownNames, newFlowForm } from './flow-form.ts';

describe('approval flow form', () => {
  it('sends blank bounds as none and keeps the levels in the order shown', () => {
    const form = {
      ...newFlowForm(),
      name: ' Jurnal ',
      levels: [
        { mode: 'any' as const, amountAbove: '', amountUpTo: null, roleIds: ['r1'], userIds: [] },
        { mode: 'all' as const, amountAbove: '10000000', amountUpTo: '', roleIds: [], userIds: ['u1', 'u2'] },
      ],
    };
    expect(inputOfForm(form)).toEqual({
      name: 'Jurnal',
      documentTypeId: 20001,
      ouId: null,
      active: 'Y',
      levels: [
        { mode: 'any', amountAbove: null, amountUpTo: null, roleIds: ['r1'], userIds: [] },
        { mode: 'all', amountAbove: '10000000', amountUpTo: null, roleIds: [], userIds: ['u1', 'u2'] },
      ],
    });
  });

  it("reads a saved flow back with its approvers' names", () => {
    const flow = {
      flowId: 'f',
      name: 'Kas',
      documentTypeId: 20003,
      ouId: 'o',
      ouCode: 'JKT',
      ouName: 'Jakarta',
      active: 'N' as const,
      levels: [
        {
          levelNo: 1,
          mode: 'all' as const,
          amountAbove: null,
          amountUpTo: '5000000',
          roles: [{ id: 'r', name: 'Manajer' }],
          users: [{ id: 'u', name: 'Budi' }],
        },
      ],
    };
    expect(formOfFlow(flow)).toEqual({
      name: 'Kas',
      documentTypeId: 20003,
      ouId: 'o',
      active: false,
      levels: [{ mode: 'all', amountAbove: null, amountUpTo: '5000000', roleIds: ['r'], userIds: ['u'] }],
    });
    expect(knownNames(flow)).toEqual({ r: 'Manajer', u: 'Budi' });
  });

  it('compares band bounds as decimals, not floats', () => {
    expect(bandInOrder('10000000', '10000000.0001')).toBe(true);
    expect(bandInOrder('9999999999999999.9999', '9999999999999999.999')).toBe(false);
    expect(bandInOrder('5', '5')).toBe(false);
    expect(bandInOrder(null, '1')).toBe(true);
  });
});
