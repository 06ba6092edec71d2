export const TASK_VARIANTS = ['writeAll', 'createEdit', 'readOnly', 'view', 'add', 'edit', 'send', 'manage', 'approve'] as const;
export type TaskVariant = (typeof TASK_VARIANTS)[number];

/** The kind of a task from its name pattern (spec 6): writeAll*, createEdit*, readOnly*, view*, add*, edit*, send*, manage*, approve* (issue 11). */
export function taskVariant(task: string): TaskVariant | undefined {
  return TASK_VARIANTS.find((v) => task.startsWith(v) && /[A-Z]/.test(task.charAt(v.length)));
}
