import { threadId } from 'node:worker_threads';
import { AppError } from '../errors/app-error.ts';

/** Tasks for worker-runner.unit.test.ts, run in a worker thread. */

export function* count(n: number): Generator<number> {
  for (let i = 0; i < n; i++) yield i;
}

export function spin(): never {
  for (;;);
}

export function hoard(): number {
  const kept: number[][] = [];
  for (;;) kept.push(Array.from({ length: 100_000 }, (_, i) => i + kept.length));
}

class Unreadable extends Error {
  constructor(readonly reason: string) {
    super(`unreadable: ${reason}`);
  }
}

export function* failAfter(n: number, how: 'app' | 'other'): Generator<number> {
  yield* count(n);
  throw how === 'app' ? new AppError('analysis_file_invalid', ['x', 1]) : new Unreadable('damaged');
}

export const sum = (values: Uint8Array) => values.reduce((a, b) => a + b, 0);

export const thread = () => threadId;
