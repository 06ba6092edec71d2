import { hasAnyTask, type Task } from '@nusa/contracts';
import type { Actor } from '../../../platform/audit/write.ts';
import { AppError } from '../../../platform/errors/app-error.ts';

/** Who works on a document: the request's principal (its active role decides approvals and discount limits). */
export interface DocumentUser extends Actor {
  userId: string;
  roleId: string;
  tasks: readonly string[];
}

export type TypeTasks = 'read' | 'edit' | 'release' | 'approve';
/** A document type's tasks (document-types.ts DocumentEngineType['tasks']). */
type WithTasks = { tasks: Record<TypeTasks, readonly Task[]> };

export const holds = (user: DocumentUser, type: WithTasks, kind: TypeTasks) => hasAnyTask(user.tasks, type.tasks[kind]);

/** A user without the type's task is refused as a route without the task is (403 forbidden_action). */
export function assertHolds(user: DocumentUser, type: WithTasks, kind: TypeTasks, what: string): void {
  if (!holds(user, type, kind)) throw new AppError('forbidden_action', [what]);
}
