import { useQueryClient } from '@tanstack/react-query';
import { endpoints, type SavedGraph } from '@nusa/contracts';
import { queryKeyOf, resourceKeyOf } from '../../../api/query-keys.ts';

/** The saved graphs list's query key; each card's result is keyed by the graph's id in the same resource. */
export const SAVED_GRAPHS_KEY = queryKeyOf(endpoints.listSavedGraphs);
export const savedGraphResultKey = (savedGraphId: string) => queryKeyOf(endpoints.runSavedGraph, savedGraphId);

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
  return () => client.invalidateQueries({ queryKey: resourceKeyOf(endpoints.listSavedGraphs) });
};
