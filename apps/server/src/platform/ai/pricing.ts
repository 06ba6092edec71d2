import { Money, SCALE } from '../money/decimal.ts';
import type { AiUsage } from './engine.ts';

/** A model's prices in the book currency: per million input tokens, per million output tokens, per image. */
export interface ModelPrice {
  model: string;
  inputPerMillion: string;
  outputPerMillion: string;
  perImage: string;
}

export interface PriceList {
  prices: readonly ModelPrice[];
}

const MILLION = new Money(1_000_000);

/**
 * The cost of one call: tokens at the model's per-million prices plus images at its per-image price, rounded to
 * numeric(20,4) as it is stored. A model without a price costs 0 (the tenant has not priced it).
 */
export function priceOf(settings: PriceList, model: string, usage: Pick<AiUsage, 'inputTokens' | 'outputTokens' | 'images'>): Money {
  const price = settings.prices.find((p) => p.model === model);
  if (!price) return new Money(0);
  return new Money(price.inputPerMillion)
    .times(usage.inputTokens)
    .div(MILLION)
    .plus(new Money(price.outputPerMillion).times(usage.outputTokens).div(MILLION))
    .plus(new Money(price.perImage).times(usage.images))
    .toDecimalPlaces(SCALE);
}
