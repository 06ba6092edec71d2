import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../errors/app-error.ts';
import { createLocalEngine, registerLocalStructuredParser } from './index.ts';

const engine = createLocalEngine();
const plan = z.object({ measure: z.enum(['sales', 'profit']), months: z.number().int().positive() }).meta({ id: 'test-local-plan' });

registerLocalStructuredParser('test-local-plan', ({ input }) => {
  const months = /(\d+)\s*(bulan|months?)/i.exec(input)?.[1];
  return { measure: /laba|profit/i.test(input) ? 'profit' : 'sales', months: months ? Number(months) : undefined };
});

describe('local structured output', () => {
  it('runs the parser registered under the schema id and validates its value', async () => {
    const { value } = await engine.structured({ schema: plan, instruction: 'plan', input: 'laba 3 bulan terakhir', language: 'id' });
    expect(value).toEqual({ measure: 'profit', months: 3 });
  });

  it('is ai_generated_query_invalid when the parse does not validate or no parser exists', async () => {
    const invalid = engine.structured({ schema: plan, instruction: 'plan', input: 'penjualan', language: 'id' });
    await expect(invalid).rejects.toBeInstanceOf(AppError);
    await expect(invalid).rejects.toMatchObject({ code: 'ai_generated_query_invalid' });
    await expect(engine.structured({ schema: z.object({ a: z.string() }), instruction: '', input: 'x', language: 'en' })).rejects.toMatchObject({
      code: 'ai_generated_query_invalid',
    });
  });
});
