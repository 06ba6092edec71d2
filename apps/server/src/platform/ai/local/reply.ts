import type { AiLanguage, RetrievedFact } from '../engine.ts';

/**
 * A fact said as a customer expects it (issue 24): a FAQ's answer text alone; of a product, the fields the question
 * asks about, in a sentence of the customer's language; money as "Rp45.000" (id) or "Rp45,000" (en). Never the record
 * as stored ("Nama: …; Harga: …") nor the dataset's field names, which are the tenant's words in one language.
 */

/** Field names that hold the name of the thing a fact is about (read out in sentences). */
export const TITLE_FIELDS = ['name', 'nama', 'title', 'judul', 'produk', 'product', 'item', 'nama produk', 'product name'];
/** Field names of a question a FAQ answers: used to find the fact, never read out. */
const TOPIC_FIELDS = ['topik', 'topic', 'pertanyaan', 'question', 'subjek', 'subject', 'intent'];
/** Field names of a FAQ's answer: read out as they are. */
const ANSWER_FIELDS = ['jawaban', 'answer', 'balasan', 'reply', 'response', 'respons', 'penjelasan', 'isi', 'content'];
/** Fields that only help finding an item (synonyms, words in the other language): matched, never read out. */
export const SEARCH_ONLY_FIELDS = ['kata kunci', 'keywords', 'keyword', 'tags', 'tag', 'sinonim', 'synonyms'];

const is = (list: string[], name: string) => list.includes(name.replace(/[_-]+/g, ' ').trim().toLowerCase());
export const isSearchOnlyField = (name: string) => is(SEARCH_ONLY_FIELDS, name);

export interface FactParts {
  title: string;
  answer: string;
  /** The readable fields besides the title, topic and answer, by name. */
  others: [string, string][];
}

export function partsOf(fact: RetrievedFact): FactParts {
  const fields = Object.entries(fact.fields ?? {}).filter(([name, value]) => value.trim() !== '' && !isSearchOnlyField(name));
  const title = fields.find(([name]) => is(TITLE_FIELDS, name))?.[1].trim() ?? '';
  const answer = fields.find(([name]) => is(ANSWER_FIELDS, name))?.[1].trim() ?? '';
  const others = fields.filter(([name]) => !is(TITLE_FIELDS, name) && !is(ANSWER_FIELDS, name) && !is(TOPIC_FIELDS, name));
  return { title, answer, others };
}

/** Whether the fact's text is only its fields as stored ("Nama: …; Harga: …"), not prose that can be quoted. */
export function isRecordText(fact: RetrievedFact): boolean {
  const fields = Object.entries(fact.fields ?? {});
  if (fields.length === 0) return false;
  const text = fact.text.toLowerCase();
  return (
    fields.some(([name]) => text.includes(`${name.toLowerCase()}:`)) && fields.every(([name, v]) => isSearchOnlyField(name) || text.includes(v.toLowerCase()))
  );
}

/** An amount as typed or stored ("350.000", "Rp 25.000", "12,5") in the customer's way of writing money, else undefined. */
export function money(value: string, language: AiLanguage): string | undefined {
  const plain = value
    .trim()
    .replace(/^rp\.?\s*/i, '')
    .replace(/,-$/, '');
  // "350.000" / "12,5" as written in Indonesia; "350000" / "12.5" as stored (a NUMBER attribute's canonical decimal).
  const parts = /^\d{1,3}(\.\d{3})*(,\d+)?$/.test(plain) ? plain.replace(/\./g, '').split(',') : /^\d+(\.\d{1,2})?$/.test(plain) ? plain.split('.') : undefined;
  if (!parts) return undefined;
  const [whole, fraction = ''] = parts;
  const [group, decimal] = language === 'id' ? ['.', ','] : [',', '.'];
  const digits = whole.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const cents = fraction.replace(/0+$/, '');
  return `Rp${digits}${cents ? decimal + cents : ''}`;
}

const sentence = (text: string) => {
  const t = text.trim();
  return t ? t.charAt(0).toUpperCase() + t.slice(1).replace(/([^.!?])$/, '$1.') : '';
};
const count = (value: string) => (/^\d{1,3}(\.\d{3})*$/.test(value.trim()) ? Number(value.trim().replace(/\./g, '')) : undefined);

type Phrase = (title: string, value: string) => string;
/** One sentence per aspect a question can ask of an item (chat.ts ASPECTS), with and without the item's name. */
const PHRASES: Record<AiLanguage, Record<string, Phrase>> = {
  id: {
    price: (t, v) => (t ? `harga ${t} ${v}` : `harganya ${v}`),
    stock: (t, v) => {
      const n = count(v);
      const name = t || 'barangnya';
      return n === undefined ? `stok ${name} ${v}` : n > 0 ? `${name} masih tersedia, stok ${n}` : `${name} sedang habis`;
    },
    hours: (t, v) => (t ? `${t} buka ${v}` : `buka ${v}`),
    location: (t, v) => (t ? `${t} ada di ${v}` : v),
    shipping: (t, v) => (t ? `ongkos kirim ${t} ${v}` : `ongkos kirimnya ${v}`),
    contact: (t, v) => (t ? `${t} bisa dihubungi di ${v}` : `bisa dihubungi di ${v}`),
    size: (t, v) => (t ? `ukuran ${t} ${v}` : `ukurannya ${v}`),
    category: (t, v) => (t ? `${t} termasuk ${v}` : `termasuk ${v}`),
    description: (t, v) => (t ? `${t} — ${v}` : v),
  },
  en: {
    price: (t, v) => (t ? `the ${t} costs ${v}` : `it costs ${v}`),
    stock: (t, v) => {
      const n = count(v);
      const name = t ? `the ${t}` : 'it';
      return n === undefined ? `stock of ${name} is ${v}` : n > 0 ? `${name} is available, ${n} in stock` : `${name} is out of stock`;
    },
    hours: (t, v) => (t ? `the ${t} is open ${v}` : `open ${v}`),
    location: (t, v) => (t ? `the ${t} is at ${v}` : v),
    shipping: (t, v) => (t ? `shipping for the ${t} is ${v}` : `shipping is ${v}`),
    contact: (t, v) => (t ? `you can reach the ${t} at ${v}` : `you can reach us at ${v}`),
    size: (t, v) => (t ? `the ${t} comes in ${v}` : `the sizes are ${v}`),
    category: (t, v) => (t ? `the ${t} is in our ${v} range` : `it is in our ${v} range`),
    description: (t, v) => (t ? `${t} — ${v}` : v),
  },
};
/** In a list line, the value alone (the line starts with the item's name). */
const SHORT: Record<AiLanguage, Partial<Record<string, (v: string) => string>>> = {
  id: { stock: (v) => (count(v) === 0 ? 'habis' : `stok ${v}`) },
  en: { stock: (v) => (count(v) === 0 ? 'out of stock' : `${v} in stock`) },
};

/** The value of a field for an aspect: money for prices. */
const valueFor = (aspect: string, value: string, language: AiLanguage) => (aspect === 'price' ? (money(value, language) ?? value) : value);

export interface AskedField {
  aspect: string;
  value: string;
}
/** The aspect a field's name says it holds (price, stock, description...), if any. */
export type FieldAspect = (fieldName: string) => string | undefined;

/**
 * The reply about one fact: the asked fields in sentences; without any (or when the fact's prose already speaks of
 * what the question is about), a FAQ's answer, the prose, or an item's description and price.
 */
export function replyAbout(fact: RetrievedFact, asked: AskedField[], language: AiLanguage, aspectOf: FieldAspect, topicInText: boolean): string {
  const { title, answer, others } = partsOf(fact);
  const record = isRecordText(fact);
  if (asked.length === 0 || (!title && topicInText && !record)) {
    if (answer) return sentence(answer);
    if (!record) return sentence(fact.text);
    asked = defaultFields(others, aspectOf);
    if (asked.length === 0) return sentence(title || others.map(([, v]) => v).join(', '));
  }
  const phrases = PHRASES[language];
  return asked.map((f) => sentence((phrases[f.aspect] ?? phrases.description)(title, valueFor(f.aspect, f.value, language)))).join(' ');
}

/** A line of a list the customer asked for: the item's name, then what was asked of it (its price by default). */
export function listLine(fact: RetrievedFact, asked: AskedField[], language: AiLanguage, aspectOf: FieldAspect): string {
  const { title, answer, others } = partsOf(fact);
  if (!title) return answer || (isRecordText(fact) ? others.map(([, v]) => v).join(', ') : fact.text.trim());
  const fields = asked.length ? asked : defaultFields(others, aspectOf).filter((f) => f.aspect === 'price');
  const values = fields.map((f) => SHORT[language][f.aspect]?.(f.value) ?? valueFor(f.aspect, f.value, language));
  return values.length ? `${title} — ${values.join(', ')}` : title;
}

/** What an item says of itself when nothing in particular was asked: its description and price, when it has them. */
function defaultFields(others: [string, string][], aspectOf: FieldAspect): AskedField[] {
  const picked: AskedField[] = [];
  for (const aspect of ['description', 'price']) {
    const field = others.find(([name]) => aspectOf(name) === aspect);
    if (field) picked.push({ aspect, value: field[1] });
  }
  return picked;
}
