import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { AppError } from '../errors/app-error.ts';

/**
 * Runs a parser of an untrusted file in a worker thread, so that no upload can hold the server's event loop (every
 * tenant's requests) or its memory: the worker has a heap limit (Worker `resourceLimits`), a working-time limit, and is
 * terminated when the caller stops reading, when the client goes away (`signal`) or when it breaks a limit. A task is
 * a named export of a module: a function returning a value, or returning a generator whose items are handed over in
 * batches, never more than a few batches ahead of the caller. Workers are reused (starting one costs about as much as
 * reading a small file); a worker is never shared by two tasks at once. Failures of the worker itself become catalogued codes;
 * an AppError thrown by the task comes back as that AppError, any other thrown value as a WorkerTaskError.
 * See docs/decisions/012-untrusted-files-in-a-worker.md.
 */

export interface WorkerLimits {
  /**
   * How long the worker may work, in ms, before it is stopped (file_parse_timeout). Loading its code and the time it
   * spends waiting for the caller to take its items do not count, so a slow import's database writes do not use it up.
   */
  timeoutMs: number;
  /** The worker's heap in MiB; a task that needs more is stopped (file_too_complex). */
  maxMemoryMb: number;
  /** Aborted when the client has gone: the worker is stopped at once. */
  signal?: AbortSignal;
}

/** What the task threw when it was not an AppError: its class name, message and plain fields. */
export class WorkerTaskError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly data: Record<string, unknown>,
  ) {
    super(message);
  }
}

const ENTRY = new URL('./worker-entry.mjs', import.meta.url);
/** Items per message, and messages the worker may send ahead of the caller. */
const BATCH_SIZE = 500;
const CREDIT = 2;
/** How long a worker whose caller stopped reading may take to close its task before it is terminated. */
const STOP_GRACE_MS = 200;
/** Workers at once, whatever the number of uploads: each may use its heap limit, and there are few cores. */
const MAX_WORKERS = Math.max(2, os.availableParallelism());

let running = 0;
const waiting: (() => void)[] = [];
const busy = new Set<Worker>();
/** Workers that finished their last task cleanly, by heap limit (a worker's resourceLimits are fixed at its start). */
const idle = new Map<number, Worker[]>();
/** An idle worker is stopped after this long unused (its heap is given back). */
const IDLE_MS = 60_000;

/** Workers working on a task now (a test checks that a stopped parse leaves none). */
export const liveWorkers = () => busy.size;

const gone = () => new AppError('sheet_import_upload_interrupted');

async function takeSlot(signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) throw gone();
  if (running < MAX_WORKERS) {
    running++;
    return;
  }
  await new Promise<void>((resolve, reject) => {
    const go = () => {
      signal?.removeEventListener('abort', stop);
      running++;
      resolve();
    };
    const stop = () => {
      waiting.splice(waiting.indexOf(go), 1);
      reject(gone());
    };
    waiting.push(go);
    signal?.addEventListener('abort', stop, { once: true });
  });
}

function releaseSlot() {
  running--;
  waiting.shift()?.();
}

/** An idle worker with this heap limit, else a new one. */
function workerFor(maxMemoryMb: number): Worker {
  const spare = idle.get(maxMemoryMb)?.pop();
  if (spare) {
    clearTimeout((spare as Worker & { idleTimer?: NodeJS.Timeout }).idleTimer);
    spare.ref();
    return spare;
  }
  const worker = new Worker(ENTRY, {
    resourceLimits: { maxOldGenerationSizeMb: maxMemoryMb, maxYoungGenerationSizeMb: Math.min(64, Math.max(8, maxMemoryMb / 8)) },
  });
  // An idle worker that fails or ends on its own is dropped from the spares.
  const drop = () => {
    const list = idle.get(maxMemoryMb);
    if (list?.includes(worker)) list.splice(list.indexOf(worker), 1);
  };
  worker.on('error', drop);
  worker.on('exit', drop);
  return worker;
}

function keepIdle(worker: Worker, maxMemoryMb: number) {
  const list = idle.get(maxMemoryMb) ?? [];
  idle.set(maxMemoryMb, list);
  if (list.length >= MAX_WORKERS) return void worker.terminate();
  list.push(worker);
  worker.unref();
  (worker as Worker & { idleTimer?: NodeJS.Timeout }).idleTimer = setTimeout(() => {
    list.splice(list.indexOf(worker), 1);
    void worker.terminate();
  }, IDLE_MS).unref();
}

type Message =
  | { type: 'ready' }
  | { type: 'items'; items: unknown[] }
  | { type: 'done'; value?: unknown }
  | { type: 'error'; error: { type: string; message: string; data: Record<string, unknown> } };

const revived = ({ type, message, data }: { type: string; message: string; data: Record<string, unknown> }) =>
  type === 'AppError' ? new AppError(data.code as never, (data.args as (string | number)[]) ?? []) : new WorkerTaskError(type, message, data);

/**
 * The items of the generator that `module`'s export `name` returns for `args`, read in a worker thread; the
 * generator's return value, or the function's result when it returns no generator, is this generator's return value.
 * `args` and the items cross threads by structured clone (Buffers arrive as Uint8Arrays). A worker whose task ended
 * (done or thrown) is kept for the next task; one stopped in the middle is terminated.
 */
export async function* streamInWorker<T, R = void>(module: URL, name: string, args: unknown[], limits: WorkerLimits): AsyncGenerator<T, R> {
  await takeSlot(limits.signal);
  const worker = workerFor(limits.maxMemoryMb);
  busy.add(worker);
  const inbox: unknown[][] = [];
  let ended: { value: unknown } | { error: unknown } | undefined;
  /** The task ended in the worker (not stopped from here): the worker can take another. */
  let clean = false;
  let wake: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  // The working-time clock runs while the worker may send (it holds credit) and stops while it waits for the caller.
  let credit = CREDIT;
  let used = 0;
  let since = 0;
  let timer: NodeJS.Timeout | undefined;
  /** The worker is stopped: what it sent is dropped, the caller gets `error`. */
  const stop = (error: unknown) => {
    if (ended) return;
    ended = { error };
    inbox.length = 0;
    void worker.terminate();
    notify();
  };
  const startClock = () => {
    since = performance.now();
    timer = setTimeout(() => stop(new AppError('file_parse_timeout', [Math.round(limits.timeoutMs / 1000)])), Math.max(0, limits.timeoutMs - used));
  };
  const stopClock = () => {
    if (!timer) return;
    clearTimeout(timer);
    timer = undefined;
    used += performance.now() - since;
  };
  const onAbort = () => stop(gone());
  const onMessage = (m: Message) => {
    if (ended) return;
    if (m.type === 'ready') return startClock();
    if (m.type === 'items') {
      inbox.push(m.items);
      if (--credit === 0) stopClock();
    } else {
      stopClock();
      clean = true;
      ended = m.type === 'done' ? { value: m.value } : { error: revived(m.error) };
    }
    notify();
  };
  const onError = (err: Error & { code?: string }) => stop(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new AppError('file_too_complex') : err);
  const onExit = () => stop(new AppError('file_too_complex'));
  limits.signal?.addEventListener('abort', onAbort, { once: true });
  worker.on('message', onMessage);
  worker.on('error', onError);
  worker.on('exit', onExit);
  worker.postMessage({ type: 'task', module: module.href, name, args, credit: CREDIT, batchSize: BATCH_SIZE });
  try {
    if (limits.signal?.aborted) throw gone();
    for (;;) {
      const items = inbox.shift();
      if (items) {
        for (const item of items) yield item as T;
        if (ended) continue;
        if (credit++ === 0) startClock();
        worker.postMessage({ type: 'more' });
      } else if (ended) {
        if ('error' in ended) throw ended.error;
        return ended.value as R;
      } else {
        await new Promise<void>((resolve) => (wake = resolve));
      }
    }
  } finally {
    // The caller stopped reading while the task runs: the worker closes the task's generator when it next hands on
    // items (it is waiting for credit, or soon will be) and is kept; one that does not within a moment is terminated.
    if (!ended) {
      ended = { value: undefined };
      inbox.length = 0;
      worker.postMessage({ type: 'stop' });
      const closed = await new Promise<boolean>((resolve) => {
        const grace = setTimeout(() => resolve(false), STOP_GRACE_MS);
        worker.off('message', onMessage);
        worker.on('message', function onClose(m: Message) {
          if (m.type !== 'done' && m.type !== 'error') return;
          clearTimeout(grace);
          worker.off('message', onClose);
          resolve(true);
        });
      });
      clean = closed;
    }
    clearTimeout(timer);
    limits.signal?.removeEventListener('abort', onAbort);
    worker.off('message', onMessage);
    worker.off('error', onError);
    worker.off('exit', onExit);
    busy.delete(worker);
    if (clean) keepIdle(worker, limits.maxMemoryMb);
    else await worker.terminate();
    releaseSlot();
  }
}

/** The result of `module`'s export `name` for `args`, computed in a worker thread (see streamInWorker). */
export async function runInWorker<R>(module: URL, name: string, args: unknown[], limits: WorkerLimits): Promise<R> {
  const items = streamInWorker<unknown, R>(module, name, args, limits);
  for (;;) {
    const next = await items.next();
    if (next.done) return next.value;
  }
}
