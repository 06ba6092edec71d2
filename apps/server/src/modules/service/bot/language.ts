import type { AiLanguage } from '../../../platform/ai/engine.ts';

const EN = new Set([
  'the',
  'is',
  'are',
  'what',
  'how',
  'much',
  'do',
  'does',
  'you',
  'your',
  'i',
  'my',
  'can',
  'where',
  'when',
  'which',
  'have',
  'has',
  'of',
  'for',
  'to',
  'and',
  'open',
  'price',
  'cost',
  'please',
  'hello',
  'hi',
  'thanks',
  'thank',
  'want',
  'with',
  'a',
  'an',
  'it',
  'this',
  'that',
  'there',
  'shipping',
  'return',
  'pay',
  'payment',
  'order',
  'store',
  'shop',
  'hours',
  'would',
  'like',
  'need',
  'talk',
  'speak',
  'person',
  'human',
  'any',
  'on',
  'in',
  'at',
  'be',
  'will',
  'many',
]);
const ID = new Set([
  'yang',
  'dan',
  'di',
  'ke',
  'dari',
  'ini',
  'itu',
  'apa',
  'berapa',
  'bagaimana',
  'gimana',
  'kak',
  'min',
  'ya',
  'saya',
  'aku',
  'mau',
  'bisa',
  'ada',
  'tidak',
  'gak',
  'nggak',
  'dengan',
  'untuk',
  'harga',
  'jam',
  'buka',
  'kirim',
  'bayar',
  'toko',
  'kapan',
  'mana',
  'dong',
  'nya',
  'sama',
  'bicara',
  'tolong',
  'halo',
  'terima',
  'kasih',
  'boleh',
  'sudah',
  'udah',
  'belum',
  'berapaan',
  'brp',
  'gan',
  'sis',
  'kah',
  'apakah',
  'bisakah',
  'pesanan',
  'ongkir',
]);

/** The customer's language by its common words; Indonesian when unsure (the shops' customers mostly write it). */
export function languageOf(text: string): AiLanguage {
  let en = 0;
  let id = 0;
  for (const w of text.toLowerCase().split(/[^a-z]+/)) {
    if (EN.has(w)) en++;
    if (ID.has(w)) id++;
  }
  return en > id ? 'en' : 'id';
}

/** Whether the text contains one of the phrases, as whole words, any case and punctuation. */
export function mentionsAny(text: string, phrases: string[]): boolean {
  const plain = ` ${text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;
  return phrases.some((p) => {
    const phrase = p
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
    return phrase !== '' && plain.includes(` ${phrase} `);
  });
}

const LANGUAGE_LINE = /^\s*(id|en)\s*:\s*/i;

/**
 * A client's text for both languages, as lines starting "id:" and "en:" (an intent's fixed response), in the
 * customer's language; a text without such lines is the same for both.
 */
export function textIn(text: string, language: AiLanguage): string {
  const parts: Partial<Record<AiLanguage, string[]>> = {};
  let current: AiLanguage | null = null;
  for (const line of text.split('\n')) {
    const marker = LANGUAGE_LINE.exec(line);
    if (marker) current = marker[1].toLowerCase() as AiLanguage;
    if (!current) return text.trim();
    (parts[current] ??= []).push(marker ? line.slice(marker[0].length) : line);
  }
  return (parts[language] ?? parts.id ?? parts.en ?? []).join('\n').trim();
}
