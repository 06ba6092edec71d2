import { APPROVAL_DOCUMENT_TYPES, type ApprovalFlow, type ApprovalFlowInput, type ApprovalMode } from '@nusa/contracts';

export interface LevelForm {
  mode: ApprovalMode;
  amountAbove: string | null;
  amountUpTo: string | null;
  roleIds: string[];
  userIds: string[];
}

export interface FlowForm {
  name: string;
  documentTypeId: number;
  ouId: string | null;
  active: boolean;
  levels: LevelForm[];
}

export const emptyLevel = (): LevelForm => ({ mode: 'any', amountAbove: null, amountUpTo: null, roleIds: [], userIds: [] });

export const newFlowForm = (): FlowForm => ({ name: '', documentTypeId: APPROVAL_DOCUMENT_TYPES[0].id, ouId: null, active: true, levels: [emptyLevel()] });

export const formOfFlow = (f: ApprovalFlow): FlowForm => ({
  name: f.name,
  documentTypeId: f.documentTypeId,
  ouId: f.ouId,
  active: f.active === 'Y',
  levels: f.levels.map((l) => ({
    mode: l.mode,
    amountAbove: l.amountAbove,
    amountUpTo: l.amountUpTo,
    roleIds: l.roles.map((r) => r.id),
    userIds: l.users.map((u) => u.id),
  })),
});

/** Blank amounts mean no bound; the levels go in the order shown (level 1 first). */
export const inputOfForm = (f: FlowForm): ApprovalFlowInput => ({
  name: f.name.trim(),
  documentTypeId: f.documentTypeId,
  ouId: f.ouId ?? null,
  active: f.active ? 'Y' : 'N',
  levels: f.levels.map((l) => ({
    mode: l.mode,
    amountAbove: l.amountAbove || null,
    amountUpTo: l.amountUpTo || null,
    roleIds: l.roleIds ?? [],
    userIds: l.userIds ?? [],
  })),
});

/** Names of a saved flow's approvers, for the pickers before they load a page holding them. */
export function knownNames(f: ApprovalFlow | undefined): Record<string, string> {
  const names: Record<string, string> = {};
  for (const l of f?.levels ?? []) {
    for (const r of l.roles) names[r.id] = r.name;
    for (const u of l.users) names[u.id] = u.name;
  }
  return names;
}

/** The key of a document type id for its label (approvals.types.*). */
export const documentTypeKey = (id: number) => APPROVAL_DOCUMENT_TYPES.find((d) => d.id === id)?.key;

/** Whether `upTo` is above `above` when both are given (decimal strings compared without floats). */
export function bandInOrder(above: string | null, upTo: string | null): boolean {
  if (!above || !upTo) return true;
  const [aw, af = ''] = above.split('.');
  const [uw, uf = ''] = upTo.split('.');
  const width = Math.max(af.length, uf.length);
  const a = BigInt(aw + af.padEnd(width, '0'));
  const u = BigInt(uw + uf.padEnd(width, '0'));
  return u > a;
}
