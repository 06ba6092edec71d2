import { z } from 'zod';
import type { Task } from './tasks.ts';

/**
 * Who may call an endpoint:
 * - 'public': anybody, no token;
 * - 'prelogin': a valid short-lived pre-login token (login-related calls, spec 7);
 * - 'anonymous': an anonymous token or a user's work token (public business calls);
 * - Task[]: a logged-in user holding any of the tasks, or any logged-in user when the list is empty (spec 6).
 */
export type Access = 'public' | 'prelogin' | 'anonymous' | readonly Task[];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Endpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  A extends Access = Access,
> {
  method: HttpMethod;
  /** Path template under /api, with `{name}` parameters. */
  path: string;
  access: A;
  summary: string;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /** Set when the endpoint answers a file (e.g. an xlsx export) instead of JSON; `response` is then not used. */
  file?: { contentType: string };
}

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const defineEndpoint = <P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType, const A extends Access>(
  e: Endpoint<P, Q, B, R, A>,
) => e;

export type ParamsOf<E> = E extends Endpoint<infer P, z.ZodType, z.ZodType, z.ZodType> ? z.input<P> : never;
export type QueryOf<E> = E extends Endpoint<z.ZodType, infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type BodyOf<E> = E extends Endpoint<z.ZodType, z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type ResponseOf<E> = E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.output<R> : never;

// In a module without zod: the web's first load sends requests and needs none of the schemas below.
export { buildQuery, fillPath, routerPath, sameServiceAddress } from './paths.ts';

export const PAGE_SIZES = [5, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
export const DROPDOWN_PAGE_SIZE = 30;

/** Lists: page, limit (5/25/50/100, default 25; 30 for lazy dropdowns), keyword (architecture §4). */
export const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n) || n === DROPDOWN_PAGE_SIZE, 'limit must be 5, 25, 30, 50 or 100')
    .default(DEFAULT_PAGE_SIZE),
  keyword: z.string().trim().max(100).optional(),
});
export type ListQuery = z.output<typeof listQuery>;

/** A list's sort value: `field` ascending or `-field` descending. */
export type SortValue<F extends string = string> = F | `-${F}`;

/**
 * The optional `sort` query field of a list sorted by one of `fields` (architecture §4: lists take a sort), e.g.
 * `sortBy(['code', 'name'] as const)` accepts code, -code, name and -name; anything else is a 400
 * invalid_input_format like any other bad query field. Absent: the list's own default order.
 */
export function sortBy<const F extends readonly [string, ...string[]]>(fields: F) {
  const values = fields.flatMap((f) => [f, `-${f}`]) as [SortValue<F[number]>, ...SortValue<F[number]>[]];
  return z.enum(values, { error: `sort must be one of ${values.join(', ')}` }).optional();
}

/** The fields a list query's `sort` accepts (its sortBy list), or none when the list does not sort. */
export function sortFieldsOf(query: z.ZodType | undefined): string[] {
  const sort = query instanceof z.ZodObject ? (query.shape as Record<string, z.ZodType>).sort : undefined;
  const values = sort instanceof z.ZodOptional && sort.unwrap() instanceof z.ZodEnum ? (sort.unwrap() as z.ZodEnum).options : [];
  return values.map(String).filter((v) => !v.startsWith('-'));
}

export const listOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int() });
