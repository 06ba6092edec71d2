import { useQueryClient } from '@tanstack/react-query';
import type { SavedGraph } from '@nusa/contracts';

/** The saved graphs list's query key; each card's result is keyed under it by the graph's id. */
export const SAVED_GRAPHS_KEY = ['analysis', 'saved-graphs'] as const;
export const savedGraphResultKey = (savedGraphId: string) => [...SAVED_GRAPHS_KEY, savedGraphId, 'result'] as const;

/** The order after moving one graph a place up (-1) or down (+1); the same order when it cannot move. */
export function moved(items: readonly SavedGraph[], savedGraphId: string, by: -1 | 1): string[] {
  const ids = items.map((g) => g.savedGraphId);
  const at = ids.indexOf(savedGraphId);
  const to = at + by;
  if (at < 0 || to < 0 || to >= ids.length) return ids;
  [ids[at], ids[to]] = [ids[to], ids[at]];
  return ids;
}

/** A file name of the graph's words: letters, digits, spaces and dashes. */
export const fileNameOf = (name: string) =>
  name
    .replace(/[^\p{L}\p{N} -]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80) || 'graph';

export const useInvalidateSavedGraphs = () => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: SAVED_GRAPHS_KEY });
};
