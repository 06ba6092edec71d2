// A worker thread of worker-runner.ts. Plain JavaScript: Node 20 gives a worker none of the loader hooks of the thread
// that started it, so the worker registers tsx itself (the server runs its TypeScript through tsx, under `npm start` as
// under vitest). It then runs the tasks it is sent, one at a time: registering tsx and loading a reader's modules is
// most of a small file's time, so a worker that finished its task cleanly is given the next one.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();

let credit = 0;
let wake;
/** The caller stopped reading: the task's generator is closed at its next item and the worker is free again. */
let stopped = false;
const STOPPED = Symbol('stopped');

/** A thrown value as data: its class name, message and own fields (an AppError's code and args, a reason). */
function serialized(err) {
  const data = {};
  if (err && typeof err === 'object') {
    for (const [key, value] of Object.entries(err)) if (['string', 'number', 'boolean'].includes(typeof value) || Array.isArray(value)) data[key] = value;
  }
  return { type: err?.constructor?.name ?? 'Error', message: String(err?.message ?? err), data };
}

async function send(items) {
  while (credit === 0 && !stopped) await new Promise((resolve) => (wake = resolve));
  if (stopped) throw STOPPED;
  credit--;
  parentPort.postMessage({ type: 'items', items });
}

async function run({ module, name, args, credit: initialCredit, batchSize }) {
  credit = initialCredit;
  stopped = false;
  // Items read before a failure are handed on before it, as the task's own generator would.
  const batch = [];
  try {
    const task = (await import(module))[name];
    if (typeof task !== 'function') throw new Error(`${module} exports no function ${name}`);
    // The working time is counted from here: loading the code is not the file's doing.
    parentPort.postMessage({ type: 'ready' });
    const result = await task(...args);
    if (result && typeof result.next === 'function' && (Symbol.asyncIterator in result || Symbol.iterator in result)) {
      for await (const item of result) {
        if (stopped) break;
        batch.push(item);
        if (batch.length >= batchSize) await send(batch.splice(0));
      }
      if (batch.length) await send(batch.splice(0));
      parentPort.postMessage({ type: 'done' });
    } else {
      parentPort.postMessage({ type: 'done', value: result });
    }
  } catch (err) {
    if (err === STOPPED) return void parentPort.postMessage({ type: 'done' });
    if (batch.length && !stopped) await send(batch.splice(0)).catch(() => {});
    parentPort.postMessage({ type: 'error', error: serialized(err) });
  }
}

parentPort.on('message', (m) => {
  if (m.type === 'more' || m.type === 'stop') {
    if (m.type === 'more') credit++;
    else stopped = true;
    wake?.();
    wake = undefined;
  } else if (m.type === 'task') void run(m);
});
