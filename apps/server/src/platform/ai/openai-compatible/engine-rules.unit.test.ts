import { describe, expect, it } from 'vitest';
import { retryDelay } from './retry.ts';
import { GroundedStream, UNKNOWN_ANSWER, groundedSystemPrompt } from './grounding.ts';
import { predictCentroid, trainCentroids } from './intents.ts';

const policy = { backoffMs: 500, maxDelayMs: 20_000 };

describe('retry delay', () => {
  it('backs off exponentially when the provider does not say when to come back', () => {
    expect([0, 1, 2, 3].map((n) => retryDelay(n, policy))).toEqual([500, 1000, 2000, 4000]);
    expect(retryDelay(10, policy)).toBe(20_000);
  });

  it("follows the provider's retry-after-ms, Retry-After seconds and Retry-After date, within the cap", () => {
    expect(retryDelay(0, policy, { 'retry-after-ms': '120' })).toBe(120);
    expect(retryDelay(3, policy, { 'Retry-After': '2' })).toBe(2000);
    expect(retryDelay(0, policy, { 'retry-after': '0' })).toBe(0);
    const now = Date.parse('2026-11-25T10:00:00Z');
    expect(retryDelay(0, policy, { 'retry-after': 'Wed, 25 Nov 2026 10:00:07 GMT' }, now)).toBe(7000);
    expect(retryDelay(0, policy, { 'retry-after': '3600' })).toBe(20_000);
  });
});

describe('grounded answers', () => {
  const run = (pieces: string[], facts = ['a', 'b'], language: 'id' | 'en' = 'id') => {
    const seen: string[] = [];
    const stream = new GroundedStream(new Set(facts), language, (t) => seen.push(t));
    for (const p of pieces) stream.push(p);
    return { ...stream.end(), seen: seen.join('') };
  };

  it('takes citations out even when a piece ends inside one, and keeps the cited ids that are facts', () => {
    const r = run(['Harga Rp 25.000 [', '#a]. Buka ', 'jam 9 [#b', '] dan [#zz].', ' [lihat menu]']);
    expect(r).toMatchObject({ text: 'Harga Rp 25.000. Buka jam 9 dan. [lihat menu]', sources: ['a', 'b'], unknown: false });
    expect(r.seen.trim()).toBe(r.text);
  });

  it('turns the unknown mark, even split across pieces, into a plain answer in the language', () => {
    expect(run(['[[UNK', 'NOWN]]'], [], 'en')).toMatchObject({ text: UNKNOWN_ANSWER.en, unknown: true, seen: UNKNOWN_ANSWER.en });
    expect(run([])).toMatchObject({ text: UNKNOWN_ANSWER.id, unknown: true });
  });

  it('puts the instruction, the rules and each fact with its tag in the system prompt', () => {
    const prompt = groundedSystemPrompt('Be brief.', [{ id: 'x1', text: 'Buka\n09.00', fields: { hari: 'Senin' } }], 'en');
    expect(prompt.startsWith('Be brief.')).toBe(true);
    expect(prompt).toContain('Answer in English.');
    expect(prompt).toContain('[#x1] Buka 09.00 (hari: Senin)');
  });
});

describe('nearest-centroid intents', () => {
  it('ranks by similarity and says out of scope when the best is ambiguous or unlike its examples', () => {
    const v = (...xs: number[]) => Float32Array.from(xs);
    const model = trainCentroids(
      [
        { intent: 'p', text: '' },
        { intent: 'p', text: '' },
        { intent: 'h', text: '' },
      ],
      [v(1, 0.1, 0), v(1, -0.1, 0), v(0, 1, 0)],
      'e',
    );
    const state = model.state as Parameters<typeof predictCentroid>[0];
    expect(predictCentroid(state, v(1, 0, 0))).toMatchObject({ intent: 'p', outOfScope: false });
    expect(predictCentroid(state, v(1, 1, 0), 0.6)).toMatchObject({ intent: null, outOfScope: true });
    expect(predictCentroid(state, v(0, 0, 1))).toMatchObject({ intent: null, outOfScope: true });
  });
});
