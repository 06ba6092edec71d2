/**
 * The dataset imports this browser started and has not yet dismissed, so that a user who leaves the database manager
 * while a large file is read finds its run again on coming back (the server has no list of runs, only each run).
 */
const KEY = 'nusa.analysisImports';

export interface TrackedImport {
  importId: string;
  name: string;
}

export function trackedImports(): TrackedImport[] {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((x): x is TrackedImport => typeof x?.importId === 'string' && typeof x?.name === 'string') : [];
  } catch {
    return [];
  }
}

export function saveTrackedImports(list: TrackedImport[]) {
  if (list.length) localStorage.setItem(KEY, JSON.stringify(list));
  else localStorage.removeItem(KEY);
}
