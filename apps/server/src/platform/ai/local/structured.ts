import type { z } from 'zod';
import { AppError } from '../../errors/app-error.ts';
import type { AiLanguage, StructuredRequest } from '../engine.ts';

/**
 * The local engine has no language model to fill a schema from free text. An area that can parse its own questions
 * (the sales analysis's Indonesian/English question parser) registers a parser under a name, and gives its zod
 * schema the same name as its id: `schema.meta({ id: 'sales-query-plan' })`. `structured()` then runs that parser
 * and validates what it returns with the schema; no parser, no parse, or an invalid value is
 * `ai_generated_query_invalid`, as an invalid answer of a remote model is.
 */
export type LocalStructuredParser = (input: { instruction: string; input: string; language: AiLanguage }) => unknown;

const parsers = new Map<string, LocalStructuredParser>();

export function registerLocalStructuredParser(name: string, parse: LocalStructuredParser): void {
  parsers.set(name, parse);
}

export function schemaName(schema: z.ZodType): string | undefined {
  const meta = (schema as { meta?: () => { id?: unknown } | undefined }).meta?.();
  return typeof meta?.id === 'string' ? meta.id : schema.description;
}

export function parseStructuredLocally<T>(request: StructuredRequest<T>): T {
  const name = schemaName(request.schema);
  const parse = name === undefined ? undefined : parsers.get(name);
  if (!parse) throw new AppError('ai_generated_query_invalid');
  const parsed = request.schema.safeParse(parse({ instruction: request.instruction, input: request.input, language: request.language }));
  if (!parsed.success) throw new AppError('ai_generated_query_invalid');
  return parsed.data;
}
