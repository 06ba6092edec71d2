import { describe, expect, it } from 'vitest';
import type { SavedGraph } from '@nusa/contracts';
import { fileNameOf, moved } from './saved-graphs-api.ts';

const graph = (savedGraphId: string) => ({ savedGraphId }) as SavedGraph;
const items = ['a', 'b', 'c'].map(graph);

describe('saved graphs order and file names', () => {
  it('moves a graph one place up or down, and not past either end', () => {
    expect(moved(items, 'b', -1)).toEqual(['b', 'a', 'c']);
    expect(moved(items, 'b', 1)).toEqual(['a', 'c', 'b']);
    expect(moved(items, 'a', -1)).toEqual(['a', 'b', 'c']);
    expect(moved(items, 'c', 1)).toEqual(['a', 'b', 'c']);
    expect(moved(items, 'x', 1)).toEqual(['a', 'b', 'c']);
  });
  it('names a file by the graph without path or odd characters', () => {
    expect(fileNameOf('Total Penjualan per Cabang, Maret 2026')).toBe('Total Penjualan per Cabang Maret 2026');
    expect(fileNameOf('../../etc/passwd')).toBe('etc passwd');
    expect(fileNameOf('%%%')).toBe('graph');
  });
});
