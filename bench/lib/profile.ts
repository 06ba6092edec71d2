import fs from 'node:fs/promises';
import path from 'node:path';
import { Session } from 'node:inspector/promises';
import { summarize, type CpuProfile } from './profile-summary.ts';

/**
 * A V8 CPU profile of this process (server and load generator) from now until the returned stop, which writes it to
 * `<dir>/<label>-<time>.cpuprofile` and gives its file and a summary of its `rows` costliest entries.
 */
export async function startProfile(dir: string, label: string, rows: number) {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    await fs.mkdir(dir, { recursive: true });
    const file = path.resolve(dir, `${label}-${Date.now()}.cpuprofile`);
    await fs.writeFile(file, JSON.stringify(profile));
    return { file, summary: summarize(profile as unknown as CpuProfile, rows) };
  };
}
