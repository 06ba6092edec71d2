import { describe, expect, it } from 'vitest';
import { priceOf } from './pricing.ts';

const settings = {
  prices: [
    { model: 'gpt-4o-mini', inputPerMillion: '2400', outputPerMillion: '9600', perImage: '0' },
    { model: 'gpt-image-1', inputPerMillion: '0', outputPerMillion: '0', perImage: '650.5' },
  ],
};

describe('priceOf', () => {
  it('prices tokens per million and images each, exactly', () => {
    expect(priceOf(settings, 'gpt-4o-mini', { inputTokens: 1_000_000, outputTokens: 500_000, images: 0 }).toFixed()).toBe('7200');
    expect(priceOf(settings, 'gpt-4o-mini', { inputTokens: 1, outputTokens: 1, images: 0 }).toFixed()).toBe('0.012');
    expect(priceOf(settings, 'gpt-image-1', { inputTokens: 0, outputTokens: 0, images: 3 }).toFixed()).toBe('1951.5');
  });

  it('rounds half up at 4 places, as numeric(20,4) stores it', () => {
    // 3 tokens at 0.05 per million = 0.00000015 → 0; 1 token at 150 per million = 0.00015 → 0.0002
    expect(
      priceOf({ prices: [{ model: 'm', inputPerMillion: '0.05', outputPerMillion: '150', perImage: '0' }] }, 'm', {
        inputTokens: 3,
        outputTokens: 1,
        images: 0,
      }).toFixed(),
    ).toBe('0.0002');
  });

  it('costs nothing for a model without a price', () => {
    expect(priceOf(settings, 'unknown', { inputTokens: 10, outputTokens: 10, images: 1 }).isZero()).toBe(true);
  });
});
