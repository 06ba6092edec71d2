/**
 * The request form as typed so far, kept for this browser tab (sessionStorage), so a reload of the first step
 * keeps it too; dropped once the request is sent.
 */
const DRAFT_KEY = 'nusa.demoRequest.draft';

type Draft = Record<string, unknown>;

const storage = (): Storage | undefined => {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
};

export function loadDraft<T extends Draft>(fields: readonly (keyof T & string)[]): Partial<T> {
  try {
    const parsed = JSON.parse(storage()?.getItem(DRAFT_KEY) ?? '{}') as unknown;
    if (!parsed || typeof parsed !== 'object') return {};
    // Only known fields with text values come back; anything else in storage is ignored.
    const entries = Object.entries(parsed as Draft).filter(([k, v]) => fields.includes(k) && typeof v === 'string');
    return Object.fromEntries(entries) as Partial<T>;
  } catch {
    return {};
  }
}

export function saveDraft(values: object) {
  try {
    storage()?.setItem(DRAFT_KEY, JSON.stringify(values));
  } catch {
    // Full or disabled storage: the form still works, only a reload loses it.
  }
}

export function clearDraft() {
  try {
    storage()?.removeItem(DRAFT_KEY);
  } catch {
    // Nothing kept, nothing to drop.
  }
}
