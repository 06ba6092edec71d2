export const TASK_VARIANTS = ['writeAll', 'createEdit', 'readOnly', 'view', 'add', 'edit', 'send', 'manage'] as const;
export type TaskVariant = (typeof TASK_VARIANTS)[number];

/** The kind of a task from its name pattern (spec 6): writeAll*, createEdit*, readOnly*, view*, add*, edit*, send*, manage*. */
export function taskVariant(task: string): TaskVariant | undefined {
  return TASK_VARIANTS.find((v) => task.startsWith(v) && /[A-Z]/.test(task.charAt(v.length)));
}
