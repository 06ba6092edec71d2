import { describe, expect, it } from 'vitest';
import { createLocalEngine } from './index.ts';

/** Generated phrases: 60 intents of 50 phrases each, words drawn from a per-intent and a shared vocabulary. */
function examples() {
  const out: { intent: string; text: string }[] = [];
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let i = 0; i < 60; i++)
    for (let p = 0; p < 50; p++) {
      const words = Array.from({ length: 6 }, () => (next() < 0.6 ? `topik${i}kata${Math.floor(next() * 12)}` : `umum${Math.floor(next() * 200)}`));
      out.push({ intent: `intent_${i}`, text: words.join(' ') });
    }
  return out;
}

describe('local intent training', () => {
  it('runs beside the event loop, not on it: timers keep firing while a 3,000-phrase client trains', async () => {
    let last = performance.now();
    let worstGap = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      worstGap = Math.max(worstGap, now - last);
      last = now;
    }, 10);
    const started = performance.now();
    const model = await createLocalEngine().trainIntents(examples(), { language: 'id' });
    const took = performance.now() - started;
    // A training that held the loop ends before the timer could fire again: its gap runs to now.
    worstGap = Math.max(worstGap, performance.now() - last);
    clearInterval(timer);
    expect(model.intents).toHaveLength(60);
    // Trained on the event loop, this blocked it for the whole training (well over a second here).
    expect(worstGap).toBeLessThan(Math.max(300, took / 3));
  });
});
