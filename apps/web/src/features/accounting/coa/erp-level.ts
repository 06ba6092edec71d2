import { actionLevel, type ActionLevel } from '@nusa/contracts';
import { useSession } from '../../../app/session.ts';

const RANK: Record<ActionLevel, number> = { view: 0, edit: 1, full: 2 };

/** The stronger of a page's own ERP tasks (`ErpCoa`, `ErpMaster` …) and the all-ERP tasks (`ErpAll`). */
export function erpLevel(tasks: readonly string[], scope: string): ActionLevel {
  const own = actionLevel(tasks, scope);
  const all = actionLevel(tasks, 'ErpAll');
  return RANK[own] >= RANK[all] ? own : all;
}

export const useErpLevel = (scope: string): ActionLevel => erpLevel(useSession()?.tasks ?? [], scope);
