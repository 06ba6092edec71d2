import { describe, expect, it } from 'vitest';
import { FailureWindow } from './failure-window.ts';

describe('FailureWindow', () => {
  it('refuses a key with `limit` failures in the window until the oldest of them leaves it', () => {
    const w = new FailureWindow(3, 60_000);
    w.add('a', 0);
    w.add('a', 10_000);
    expect(w.retryAfter('a', 10_000)).toBe(0);
    w.add('a', 20_000);
    expect(w.retryAfter('a', 20_000)).toBe(40);
    expect(w.retryAfter('b', 20_000)).toBe(0);
    expect(w.retryAfter('a', 59_999)).toBe(1);
    expect(w.retryAfter('a', 60_000)).toBe(0);
  });

  it('keeps at most maxKeys keys, dropping the oldest', () => {
    const w = new FailureWindow(1, 60_000, 2);
    w.add('a', 0);
    w.add('b', 1);
    w.add('c', 2);
    expect(w.retryAfter('a', 3)).toBe(0);
    expect(w.retryAfter('b', 3)).toBeGreaterThan(0);
    expect(w.retryAfter('c', 3)).toBeGreaterThan(0);
  });
});
