import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.ts';
import { liveWorkers, runInWorker, streamInWorker, WorkerTaskError } from './worker-runner.ts';

const TASKS = new URL('./worker-test-tasks.ts', import.meta.url);
const limits = { timeoutMs: 10_000, maxMemoryMb: 64 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function failureOf(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('expected a failure');
}

async function collect<T>(items: AsyncGenerator<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

describe('worker runner', { timeout: 30_000 }, () => {
  it("hands over a generator's items in order, in batches, and a function's result", async () => {
    expect(await collect(streamInWorker<number>(TASKS, 'count', [1234], limits))).toEqual(Array.from({ length: 1234 }, (_, i) => i));
    expect(await runInWorker(TASKS, 'sum', [Buffer.from([1, 2, 3])], limits)).toBe(6);
    expect(liveWorkers()).toBe(0);
  });

  it('gives a worker whose task ended the next task, and never one that was stopped', async () => {
    const first = await runInWorker(TASKS, 'thread', [], limits);
    expect(await runInWorker(TASKS, 'thread', [], limits)).toBe(first);
    await failureOf(runInWorker(TASKS, 'spin', [], { ...limits, timeoutMs: 300 }));
    const after = await runInWorker(TASKS, 'thread', [], limits);
    await failureOf(runInWorker(TASKS, 'spin', [], { ...limits, timeoutMs: 300 }));
    expect(await runInWorker(TASKS, 'thread', [], limits)).not.toBe(after);
  });

  it('stops the task when the caller stops reading', async () => {
    const seen: number[] = [];
    for await (const n of streamInWorker<number>(TASKS, 'count', [1_000_000_000], limits)) {
      seen.push(n);
      if (seen.length === 700) break;
    }
    expect(seen.at(-1)).toBe(699);
    expect(liveWorkers()).toBe(0);
    // The task was closed in the worker, which is free for the next one.
    const closed = await runInWorker(TASKS, 'thread', [], limits);
    for await (const _ of streamInWorker(TASKS, 'count', [1_000_000_000], limits)) break;
    expect(await runInWorker(TASKS, 'thread', [], limits)).toBe(closed);
  });

  it('stops a task that works past its time, while the event loop stays free', async () => {
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 20);
    const started = performance.now();
    const err = await failureOf(runInWorker(TASKS, 'spin', [], { ...limits, timeoutMs: 1000 }));
    clearInterval(ticker);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('file_parse_timeout');
    expect(performance.now() - started).toBeGreaterThanOrEqual(1000);
    // The loop ran its 20 ms timer throughout (a blocked loop would have ticked at most once).
    expect(ticks).toBeGreaterThan(10);
    expect(liveWorkers()).toBe(0);
  });

  it('does not count the time the worker waits for a slow caller', async () => {
    let n = 0;
    for await (const _ of streamInWorker<number>(TASKS, 'count', [2000], { ...limits, timeoutMs: 1000 })) if (++n % 500 === 0) await sleep(400);
    expect(n).toBe(2000);
  });

  it('stops a task that needs more memory than its limit', async () => {
    const err = await failureOf(runInWorker(TASKS, 'hoard', [], { ...limits, maxMemoryMb: 32 }));
    expect((err as AppError).code).toBe('file_too_complex');
    expect(liveWorkers()).toBe(0);
  });

  it('stops the worker when the client goes away', async () => {
    const client = new AbortController();
    setTimeout(() => client.abort(), 300);
    const err = await failureOf(runInWorker(TASKS, 'spin', [], { ...limits, signal: client.signal }));
    expect((err as AppError).code).toBe('sheet_import_upload_interrupted');
    expect(liveWorkers()).toBe(0);
  });

  it("hands on the items before a task's failure, then the failure: an AppError as itself, anything else with its fields", async () => {
    const items: number[] = [];
    const err = await failureOf(
      (async () => {
        for await (const n of streamInWorker<number>(TASKS, 'failAfter', [3, 'app'], limits)) items.push(n);
      })(),
    );
    expect(items).toEqual([0, 1, 2]);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'analysis_file_invalid', args: ['x', 1] });
    const other = await failureOf(collect(streamInWorker(TASKS, 'failAfter', [0, 'other'], limits)));
    expect(other).toBeInstanceOf(WorkerTaskError);
    expect(other).toMatchObject({ type: 'Unreadable', message: 'unreadable: damaged', data: { reason: 'damaged' } });
  });
});
