import { describe, expect, it } from 'vitest';
import { ModelCache } from './model-cache.ts';

describe('model cache', () => {
  it('keeps models within its byte bound, dropping the least recently used first', () => {
    const cache = new ModelCache<string>(100);
    cache.set('a', 'A', 40);
    cache.set('b', 'B', 40);
    expect(cache.get('a')).toBe('A'); // a is now the most recently used
    cache.set('c', 'C', 40);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('A');
    expect(cache.get('c')).toBe('C');
    expect(cache.bytes).toBe(80);
  });

  it('does not keep a model larger than the bound, and replaces an id in place', () => {
    const cache = new ModelCache<string>(100);
    cache.set('a', 'A', 60);
    cache.set('huge', 'H', 101);
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('a')).toBe('A');
    cache.set('a', 'A2', 30);
    expect([cache.get('a'), cache.bytes, cache.size]).toEqual(['A2', 30, 1]);
    cache.delete('a');
    expect([cache.bytes, cache.size]).toEqual([0, 0]);
  });
});
