import { withTenant } from '../../../platform/db/tenant.ts';
import type { Pools } from '../../../platform/db/pools.ts';
import { runLocal } from './local.ts';
import { failRun, runRow, stepRemoteRun } from './runs.ts';

export const FINE_TUNE_QUEUE = 'service-fine-tune';
export interface FineTuneJob {
  tenantId: string;
  runId: string;
}

/** How long the follower waits between two looks at a provider's job (tests shorten it). */
export const fineTuneFollow = { delayMs: 5_000 };

/**
 * One turn of the job: a local run is trained to its end; a remote run takes one step (send, or read the provider's
 * job). Answers whether the run has finished; a failure ends the run failed and finished. Never throws.
 */
export async function followRun(pools: Pools, job: FineTuneJob, log: (err: unknown) => void = () => {}): Promise<boolean> {
  try {
    const row = await withTenant(pools.app, job.tenantId, (tx) => runRow(tx, job.runId));
    if (row.provider === 'local') {
      await runLocal(pools, job.tenantId, job.runId);
      return true;
    }
    return await withTenant(pools.app, job.tenantId, (tx) => stepRemoteRun(tx, job.tenantId, job.runId));
  } catch (err) {
    log(err);
    await failRun(pools, job.tenantId, job.runId, err).catch(log);
    return true;
  }
}
