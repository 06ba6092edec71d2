import type { CoaType, ReportLine } from '@nusa/contracts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { coaTree } from '../coa/service.ts';

export type Chart = Awaited<ReturnType<typeof coaTree>>;
export const loadChart = (tx: Tx): Promise<Chart> => coaTree(tx);

/** The ids of the chart's accounts of the given types. */
export const accountIdsOf = (tree: Chart, types: readonly CoaType[]) =>
  tree
    .flatMap((g) => g.accounts.flatMap((a) => [a, ...a.subAccounts]))
    .filter((a) => types.includes(a.type))
    .map((a) => a.coaId);

/** How a report adds up the figures of its accounts into subtotals. */
export interface Figures<F> {
  zero: () => F;
  add: (a: F, b: F) => F;
  /** Whether an account with these figures is left out (nothing posted, nothing to show). */
  empty: (f: F) => boolean;
}

export type ChartLine<F> = ReportLine & { figures: F };

/**
 * The accounts of the chart (groups → main accounts → sub accounts, by code) of the given types, each with its
 * figures; a main account's and a group's figures are their subtotals. Empty accounts and groups are left out.
 */
export function chartLines<F>(tree: Chart, types: readonly CoaType[], figuresOf: (coaId: string) => F, f: Figures<F>): { lines: ChartLine<F>[]; total: F } {
  const lines: ChartLine<F>[] = [];
  let total = f.zero();
  for (const group of tree) {
    if (!types.includes(group.type)) continue;
    const groupLines: ChartLine<F>[] = [];
    let groupTotal = f.zero();
    for (const main of group.accounts) {
      if (!types.includes(main.type)) continue;
      const subs = main.subAccounts
        .filter((s) => types.includes(s.type))
        .map((s) => ({ account: s, figures: figuresOf(s.coaId) }))
        .filter((s) => !f.empty(s.figures));
      const mainFigures = subs.reduce((sum, s) => f.add(sum, s.figures), figuresOf(main.coaId));
      if (subs.length === 0 && f.empty(mainFigures)) continue;
      const line = (
        a: { coaId: string; coaCode: string; coaName: string; type: CoaType },
        level: number,
        figures: F,
        hasSubAccounts: boolean,
      ): ChartLine<F> => ({ kind: 'account', level, coaId: a.coaId, code: a.coaCode, name: a.coaName, type: a.type, hasSubAccounts, figures });
      groupLines.push(line(main, 1, mainFigures, subs.length > 0), ...subs.map((s) => line(s.account, 2, s.figures, false)));
      groupTotal = f.add(groupTotal, mainFigures);
    }
    if (groupLines.length === 0) continue;
    lines.push(
      { kind: 'group', level: 0, coaId: null, code: group.groupCode, name: group.groupName, type: group.type, hasSubAccounts: false, figures: groupTotal },
      ...groupLines,
    );
    total = f.add(total, groupTotal);
  }
  return { lines, total };
}
