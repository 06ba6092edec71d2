import type { PreparationProgress } from '@nusa/contracts';

export interface TrialIdentity {
  email: string;
  companyName: string;
  taxId?: string;
}

/**
 * trial_already_used names what was used before (the e-mail, the company or the tax id, as typed); the field it
 * came from gets the message. Company names match loosely on the server, so anything else is the company.
 */
export function fieldOfUsedTrial(used: string | number | undefined, values: TrialIdentity): keyof TrialIdentity {
  const same = (a: string | undefined) =>
    a !== undefined &&
    a.trim().toLowerCase() ===
      String(used ?? '')
        .trim()
        .toLowerCase();
  if (same(values.email)) return 'email';
  if (values.taxId && same(values.taxId)) return 'taxId';
  return 'companyName';
}

export interface PreparationState {
  percent: number;
  /** The step running now (the first not done), while preparation runs. */
  current?: string;
  finished: boolean;
  failed: boolean;
  /** How soon to ask again: quickly while it runs, slowly after a failure (the job is retried), not after it is done. */
  pollMs: number | false;
}

export function preparationState(p: PreparationProgress): PreparationState {
  const finished = p.status === 'DONE';
  const failed = p.status === 'FAILED';
  const percent = finished ? 100 : p.stepsTotal > 0 ? Math.floor((p.stepsDone / p.stepsTotal) * 100) : 0;
  const current = finished ? undefined : p.steps.find((s) => !s.done)?.name;
  return { percent, current, finished, failed, pollMs: finished ? false : failed ? 5000 : 1000 };
}
