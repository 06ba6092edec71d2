import type { AiModelPrice, AiModels, AiProvider, AiSettingsInput } from '@nusa/contracts';

export interface Values {
  provider: AiProvider;
  baseUrl: string;
  newKey?: string;
  models: AiModels;
  prices: AiModelPrice[];
  timeoutSeconds: number;
}

/** What happens to the stored key on save: kept, replaced by the typed one, or cleared. */
export type KeyChange = 'keep' | 'replace' | 'clear';

export const PRICE = /^\d+(\.\d+)?$/;

/** The save/test body of the form's values: the key sent only when replaced, null when cleared, absent when kept. */
export function inputOf(v: Values, key: KeyChange): AiSettingsInput {
  const trimmed = (s: string | undefined) => (s ?? '').trim();
  return {
    provider: v.provider,
    baseUrl: trimmed(v.baseUrl),
    models: {
      chat: trimmed(v.models?.chat),
      embedding: trimmed(v.models?.embedding),
      structured: trimmed(v.models?.structured),
      image: trimmed(v.models?.image),
    },
    prices: (v.prices ?? []).map((p) => ({ ...p, model: p.model.trim() })),
    timeoutSeconds: v.timeoutSeconds,
    ...(key === 'replace' && trimmed(v.newKey) ? { apiKey: trimmed(v.newKey) } : key === 'clear' ? { apiKey: null } : {}),
  };
}
