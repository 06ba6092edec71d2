import { ApiError } from '../api/api-error.ts';

/** A form field path as antd Form names it: 'cashBankCode' or ['addresses', 0, 'latitude']. */
export type FieldPath = string | (string | number)[];

/**
 * The form field a server refusal is about, so it can be shown under that field instead of as a toast:
 * - zod refusals name the field: `invalid_input_format` / `value_cannot_null` with 'body.<path>' as first argument;
 * - `<entity>_code_already_exists` is about the code field;
 * - any other code the page maps itself (e.g. cash_bank_ou_required → ouId).
 * Undefined when the error concerns no one field the form shows.
 */
export function fieldOfError(
  err: unknown,
  o: { codeField: string; byCode?: Partial<Record<string, FieldPath>>; fields: readonly string[] },
): FieldPath | undefined {
  if (!(err instanceof ApiError)) return undefined;
  if (err.code === 'invalid_input_format' || err.code === 'value_cannot_null') {
    const where = String(err.args[0] ?? '');
    if (!where.startsWith('body.')) return undefined;
    const path = where
      .slice('body.'.length)
      .split('.')
      .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
    if (!o.fields.includes(String(path[0]))) return undefined;
    return path.length === 1 ? String(path[0]) : path;
  }
  const mapped = o.byCode?.[err.code];
  if (mapped !== undefined) return mapped;
  if (err.code.endsWith('_code_already_exists')) return o.codeField;
  return undefined;
}
