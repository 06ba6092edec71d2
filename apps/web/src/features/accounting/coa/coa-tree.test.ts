import { describe, expect, it } from 'vitest';
import type { CoaAccount } from '@nusa/contracts';
import { countAccounts, filterCoaTree, parentKeys, toCoaNodes, type CoaNode, type CoaTreeGroup } from './coa-tree.ts';

const account = (coaId: string, coaCode: string, coaName: string, mainAccountId: string | null = null): CoaAccount => ({
  coaId,
  coaCode,
  coaName,
  coaDesc: `${coaCode} - ${coaName}`,
  description: null,
  sign: 'debit',
  type: 'asset',
  groupId: 'g',
  groupCode: '',
  groupName: '',
  groupPurpose: 'general',
  mainAccountId,
  mainAccountCode: null,
  detail: 'N',
  default: 'N',
  active: 'Y',
  activityGlCode: null,
  activityGlName: null,
});
const group = (groupId: string, groupCode: string, groupName: string, accounts: CoaTreeGroup['accounts']): CoaTreeGroup => ({
  groupId,
  groupCode,
  groupName,
  type: 'asset',
  sign: 'debit',
  purpose: 'general',
  systemPredefined: 'Y',
  active: 'Y',
  accounts,
});

const chart = [
  group('bank', '1200', 'Bank', [
    { ...account('1201', '1201', 'Bank'), subAccounts: [account('bri', '1201.03', 'Bank BRI', '1201'), account('bca', '1201.01', 'Bank BCA', '1201')] },
  ]),
  group('cash', '1100', 'Kas', [
    { ...account('1102', '1102', 'Kas Kecil'), subAccounts: [] },
    { ...account('1101', '1101', 'Kas'), subAccounts: [] },
  ]),
  group('rev', '4100', 'Pendapatan Usaha', [{ ...account('4101', '4101', 'Penjualan'), subAccounts: [] }]),
  group('empty', '1600', 'Uang Muka', []),
];

/** code → codes of children, to compare trees at a glance. */
const shape = (nodes: readonly CoaNode[]): unknown[] => nodes.map((n) => (n.children ? { [n.code]: shape(n.children) } : n.code));

describe('chart of accounts tree', () => {
  it('nests groups → main accounts → sub accounts, each level sorted by code', () => {
    const nodes = toCoaNodes(chart);
    expect(shape(nodes)).toEqual([{ 1100: ['1101', '1102'] }, { 1200: [{ 1201: ['1201.01', '1201.03'] }] }, '1600', { 4100: ['4101'] }]);
    expect(nodes.map((n) => n.kind)).toEqual(['group', 'group', 'group', 'group']);
    expect(nodes[1].children?.[0].kind).toBe('main');
    expect(nodes[1].children?.[0].children?.[0].kind).toBe('sub');
    expect(countAccounts(nodes)).toBe(6);
  });

  it('keeps a match under its ancestors, and a matching row with everything under it', () => {
    const nodes = toCoaNodes(chart);
    // "bca" matches only a sub account: its main account and group come along, its sibling does not.
    expect(shape(filterCoaTree(nodes, ' BCA '))).toEqual([{ 1200: [{ 1201: ['1201.01'] }] }]);
    // "kas" matches the group Kas (with both accounts under it) and nothing else.
    expect(shape(filterCoaTree(nodes, 'kas'))).toEqual([{ 1100: ['1101', '1102'] }]);
    // Codes match too; a matching main account keeps all its sub accounts.
    expect(shape(filterCoaTree(nodes, '1201'))).toEqual([{ 1200: [{ 1201: ['1201.01', '1201.03'] }] }]);
    expect(filterCoaTree(nodes, 'tidak ada')).toEqual([]);
    expect(filterCoaTree(nodes, '  ')).toEqual(nodes);
  });

  it('lists the keys that expand every branch, never a leaf', () => {
    const nodes = toCoaNodes(chart);
    expect(parentKeys(nodes)).toEqual(['g:cash', 'g:bank', 'a:1201', 'g:rev']);
    expect(parentKeys(filterCoaTree(nodes, 'bri'))).toEqual(['g:bank', 'a:1201']);
  });
});
