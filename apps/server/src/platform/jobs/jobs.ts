import PgBoss from 'pg-boss';

/** Durable background jobs on the same PostgreSQL (pg-boss), claimed with SKIP LOCKED across instances. */
export interface Jobs {
  boss?: PgBoss;
  started: boolean;
  stop(): Promise<void>;
}

export async function startJobs(connectionString: string, log: (msg: string, err?: unknown) => void): Promise<Jobs> {
  const boss = new PgBoss({ connectionString, schema: 'pgboss', application_name: 'nusa-jobs', max: 4 });
  boss.on('error', (err) => log('job queue error', err));
  await boss.start();
  let running = true;
  return {
    boss,
    get started() {
      return running;
    },
    stop: async () => {
      running = false;
      await boss.stop({ graceful: true, timeout: 5000 });
    },
  };
}

export const noJobs: Jobs = { started: false, stop: async () => {} };
