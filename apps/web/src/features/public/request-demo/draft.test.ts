import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearDraft, loadDraft, saveDraft } from './draft.ts';

describe('request form draft', () => {
  const store = new Map<string, string>();
  beforeEach(() => {
    store.clear();
    vi.stubGlobal('window', {
      sessionStorage: {
        getItem: (k: string) => store.get(k) ?? null,
        setItem: (k: string, v: string) => store.set(k, v),
        removeItem: (k: string) => store.delete(k),
      },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the typed values and gives back only known text fields', () => {
    saveDraft({ contactName: 'Budi', email: 'budi@example.com', package: 'starter', promoCode: undefined, extra: 'x', companySize: 3 });
    expect(loadDraft(['contactName', 'email', 'package', 'promoCode', 'companySize'])).toEqual({
      contactName: 'Budi',
      email: 'budi@example.com',
      package: 'starter',
    });
  });

  it('is empty after sending and after garbage', () => {
    saveDraft({ contactName: 'Budi' });
    clearDraft();
    expect(loadDraft(['contactName'])).toEqual({});
    store.set('nusa.demoRequest.draft', '{not json');
    expect(loadDraft(['contactName'])).toEqual({});
  });
});
