import { describe, expect, it } from 'vitest';
import { aiSettingsInput } from '@nusa/contracts';
import { inputOf, type Values } from './ai-settings-form.ts';

const values: Values = {
  provider: 'openai-compatible',
  baseUrl: ' https://api.openai.com/v1 ',
  newKey: '  sk-new-1  ',
  models: { chat: ' gpt-4o-mini ', embedding: 'text-embedding-3-small', structured: '', image: '' },
  prices: [{ model: ' gpt-4o-mini ', inputPerMillion: '2400', outputPerMillion: '9600.5', perImage: '0' }],
  timeoutSeconds: 30,
};

describe('AI settings form → request body', () => {
  it('sends the key only when it is replaced, null when it is removed, nothing when kept', () => {
    expect(inputOf(values, 'replace').apiKey).toBe('sk-new-1');
    expect(inputOf(values, 'clear').apiKey).toBeNull();
    expect('apiKey' in inputOf(values, 'keep')).toBe(false);
    expect('apiKey' in inputOf({ ...values, newKey: '   ' }, 'replace')).toBe(false);
  });

  it('trims what was typed and gives a body the contract accepts', () => {
    const body = inputOf(values, 'keep');
    expect(body).toMatchObject({ baseUrl: 'https://api.openai.com/v1', models: { chat: 'gpt-4o-mini' }, prices: [{ model: 'gpt-4o-mini' }] });
    expect(aiSettingsInput.safeParse(body).success).toBe(true);
  });
});
