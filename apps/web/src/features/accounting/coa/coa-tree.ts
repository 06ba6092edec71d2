import type { CoaAccount, CoaGroup, CoaTreeAccount } from '@nusa/contracts';

/** One row of the chart-of-accounts tree: a COA group, a main account or a sub account. */
export type CoaNode =
  | { kind: 'group'; key: string; code: string; name: string; group: CoaGroup; children?: CoaNode[] }
  | { kind: 'main' | 'sub'; key: string; code: string; name: string; account: CoaAccount; children?: CoaNode[] };

export type CoaTreeGroup = CoaGroup & { accounts: CoaTreeAccount[] };

export const groupKey = (groupId: string) => `g:${groupId}`;
export const accountKey = (coaId: string) => `a:${coaId}`;

const byCode = (a: CoaNode, b: CoaNode) => a.code.localeCompare(b.code, undefined, { numeric: true });
const sorted = (nodes: CoaNode[]) => (nodes.length ? nodes.sort(byCode) : undefined);

const accountNode = (kind: 'main' | 'sub', account: CoaAccount, children?: CoaNode[]): CoaNode => ({
  kind,
  key: accountKey(account.coaId),
  code: account.coaCode,
  name: account.coaName,
  account,
  children,
});

/** The server's tree (groups → main accounts → sub accounts) as table rows, each level sorted by code. */
export function toCoaNodes(groups: readonly CoaTreeGroup[]): CoaNode[] {
  return groups
    .map(({ accounts, ...group }): CoaNode => ({
      kind: 'group',
      key: groupKey(group.groupId),
      code: group.groupCode,
      name: group.groupName,
      group,
      children: sorted(accounts.map(({ subAccounts, ...main }) => accountNode('main', main, sorted(subAccounts.map((sub) => accountNode('sub', sub)))))),
    }))
    .sort(byCode);
}

/**
 * The rows a keyword leaves: a row whose code or name matches stays with everything under it; any other row stays
 * only with its matching descendants, so a match is always shown under its group and main account.
 */
export function filterCoaTree(nodes: readonly CoaNode[], keyword: string): CoaNode[] {
  const needle = keyword.trim().toLowerCase();
  if (!needle) return [...nodes];
  return nodes.flatMap((node) => {
    if (node.code.toLowerCase().includes(needle) || node.name.toLowerCase().includes(needle)) return [node];
    const children = filterCoaTree(node.children ?? [], needle);
    return children.length ? [{ ...node, children }] : [];
  });
}

/** Keys of every row that has children (what "expand all" opens). */
export const parentKeys = (nodes: readonly CoaNode[]): string[] => nodes.flatMap((n) => (n.children?.length ? [n.key, ...parentKeys(n.children)] : []));

/** Number of accounts (main and sub) in a tree. */
export const countAccounts = (nodes: readonly CoaNode[]): number =>
  nodes.reduce((sum, n) => sum + (n.kind === 'group' ? 0 : 1) + countAccounts(n.children ?? []), 0);
