import { useQuery } from '@tanstack/react-query';
import { endpoints, type OrgUnit } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { queryKeyOf, resourceKeyOf } from '../../../api/query-keys.ts';

/** Every read of the org units (the list, logos, the unit pickers): what to invalidate after a unit changes. */
export const ORG_UNITS_KEY = resourceKeyOf(endpoints.listOrgUnits);

/** Every organisation unit of the tenant, flat with parent ids (the server answers at most 1,000). */
export function useOrgUnits() {
  return useQuery({
    queryKey: queryKeyOf(endpoints.listOrgUnits),
    queryFn: ({ signal }) => call(endpoints.listOrgUnits, { query: { limit: 1000 }, signal }),
    select: (data) => data.items,
  });
}

export interface OrgUnitNode extends OrgUnit {
  children?: OrgUnitNode[];
}

const byCode = (a: OrgUnit, b: OrgUnit) => a.ouCode.localeCompare(b.ouCode);

/**
 * The flat list as a tree. With a keyword, a unit stays when it or one of its descendants matches code or name
 * (so a match is always shown under its ancestors). A unit whose parent is missing is shown at the top.
 */
export function buildOrgUnitTree(units: readonly OrgUnit[], keyword = ''): OrgUnitNode[] {
  const ids = new Set(units.map((u) => u.ouId));
  const childrenOf = new Map<string | null, OrgUnit[]>();
  for (const unit of units) {
    const parent = unit.parentId && ids.has(unit.parentId) ? unit.parentId : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), unit]);
  }
  const needle = keyword.trim().toLowerCase();
  const matches = (u: OrgUnit) => !needle || u.ouCode.toLowerCase().includes(needle) || u.ouName.toLowerCase().includes(needle);
  const build = (parent: string | null, seen: Set<string>): OrgUnitNode[] =>
    [...(childrenOf.get(parent) ?? [])].sort(byCode).flatMap((unit) => {
      if (seen.has(unit.ouId)) return [];
      const children = build(unit.ouId, new Set([...seen, unit.ouId]));
      if (!matches(unit) && children.length === 0) return [];
      return [{ ...unit, children: children.length ? children : undefined }];
    });
  return build(null, new Set());
}

/** Ids of the unit's descendants (for the "not a descendant of itself" rule). */
export function descendantIds(units: readonly OrgUnit[], ouId: string): Set<string> {
  const found = new Set<string>();
  const queue = [ouId];
  while (queue.length) {
    const current = queue.shift()!;
    for (const unit of units) {
      if (unit.parentId === current && !found.has(unit.ouId)) {
        found.add(unit.ouId);
        queue.push(unit.ouId);
      }
    }
  }
  return found;
}

/** Every id of a tree (to expand it fully). */
export const treeIds = (nodes: readonly OrgUnitNode[]): string[] => nodes.flatMap((n) => [n.ouId, ...treeIds(n.children ?? [])]);

export const OU_TYPE_COLORS: Record<string, string> = { COM: 'geekblue', MBU: 'purple', SBU: 'cyan', BRA: 'green', OUT: 'gold' };
