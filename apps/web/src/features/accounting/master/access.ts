import { hasAnyTask } from '@nusa/contracts';

/** Spec 6 buttons: 'full' (write-all: delete too), 'edit' (create/edit, activate), 'view' (read only). */
export type MasterLevel = 'full' | 'edit' | 'view';

export function masterLevel(held: readonly string[], access: { edit: readonly string[]; remove: readonly string[] }): MasterLevel {
  if (access.remove.length && hasAnyTask(held, access.remove)) return 'full';
  if (access.edit.length && hasAnyTask(held, access.edit)) return 'edit';
  return 'view';
}
