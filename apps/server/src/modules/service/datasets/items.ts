import { isSearchOnlyField } from '../../../platform/ai/local/reply.ts';
import type { DatasetAttribute, ItemValues } from './schema.ts';

/**
 * An item's values as stored and as searched. Values are kept by attribute name; a NUMBER value as a canonical
 * decimal string (never a float: prices are money). The searchable text names each attribute beside its value
 * ("Nama: Kain Batik Parang; Harga: 350.000"), so that "harga kain parang" finds it by both words.
 */
const DECIMAL = /^-?\d{1,16}(\.\d{1,4})?$/;

/** A number as typed or as a sheet holds it ("350000", "350.000", "Rp 350.000", "1,5", 1.5) as a decimal string, else undefined. */
export function decimalOf(value: string | number): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? canonical(String(value)) : undefined;
  let s = value
    .trim()
    .replace(/^rp\.?\s*/i, '')
    .replace(/\s+/g, '');
  if (/^-?\d{1,3}(\.\d{3})+(,\d+)?$/.test(s)) s = s.replace(/\./g, '').replace(',', '.');
  else if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(s)) s = s.replace(/,/g, '');
  else if (/^-?\d+,\d+$/.test(s)) s = s.replace(',', '.');
  return canonical(s);
}

function canonical(s: string): string | undefined {
  if (!DECIMAL.test(s)) return undefined;
  const [whole, fraction = ''] = s.split('.');
  const f = fraction.replace(/0+$/, '');
  const w = whole.replace(/^(-?)0+(?=\d)/, '$1');
  return f ? `${w}.${f}` : w === '-0' ? '0' : w;
}

/** A decimal string as people read it in Indonesia: 350.000 and 12,5. */
export function readableNumber(decimal: string): string {
  const [whole, fraction] = decimal.split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const digits = whole.replace('-', '').replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}${digits}${fraction ? `,${fraction}` : ''}`;
}

export type ValueProblem =
  { code: 'service_item_attribute_unknown'; attribute: string } | { code: 'service_item_value_not_number'; attribute: string; value: string };

/** Values checked against the attributes: known names only (any case, stored under the attribute's own name), numbers for NUMBER. */
export function typedValues(
  attributes: DatasetAttribute[],
  input: Record<string, string | number | null | undefined>,
): { values: ItemValues; problems: ValueProblem[] } {
  const byName = new Map(attributes.map((a) => [a.name.toLowerCase(), a]));
  const values: ItemValues = {};
  const problems: ValueProblem[] = [];
  for (const [name, raw] of Object.entries(input)) {
    const attribute = byName.get(name.trim().toLowerCase());
    if (!attribute) {
      problems.push({ code: 'service_item_attribute_unknown', attribute: name });
      continue;
    }
    if (raw === null || raw === undefined || String(raw).trim() === '') continue;
    if (attribute.type === 'NUMBER') {
      const decimal = decimalOf(raw);
      if (decimal === undefined) problems.push({ code: 'service_item_value_not_number', attribute: attribute.name, value: String(raw).slice(0, 60) });
      else values[attribute.name] = decimal;
    } else {
      values[attribute.name] = String(raw).trim();
    }
  }
  return { values, problems };
}

/** The values as the facts the bot quotes: numbers in the readable form, in attribute order. */
export function factFields(attributes: DatasetAttribute[], values: ItemValues): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const a of attributes) {
    const v = values[a.name];
    if (v === null || v === undefined || v === '') continue;
    fields[a.name] = a.type === 'NUMBER' ? readableNumber(v) : v;
  }
  return fields;
}

/** The item as read out to a customer: its values by attribute, without the search-only ones. */
export function displayText(attributes: DatasetAttribute[], values: ItemValues): string {
  return Object.entries(factFields(attributes, values))
    .filter(([name]) => !isSearchOnlyField(name))
    .map(([name, value]) => `${name}: ${value}`)
    .join('; ');
}

/** The searchable line of an item. */
export function itemText(attributes: DatasetAttribute[], values: ItemValues): string {
  return Object.entries(factFields(attributes, values))
    .map(([name, value]) => `${name}: ${value}`)
    .join('; ');
}
