/** Text helpers of the question parser: normal form, tokens, typo distance and trigram likeness. Pure. */

/** Lower case, accents off, punctuation to spaces (keeping the signs a question may use: % < > = / - . ,). */
export function normalize(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[’'`"“”?!()[\]{}:;]/g, ' ')
    .replace(/(\d)\.(\d{3})(?!\d)/g, '$1$2')
    .replace(/(\d)\.(\d{3})(?!\d)/g, '$1$2')
    .replace(/\s+/g, ' ')
    .trim();
}

export const tokens = (text: string) => text.split(' ').filter(Boolean);

/** Damerau-Levenshtein distance (optimal string alignment): insertions, deletions, substitutions, swaps of neighbours. */
export function damerauLevenshtein(a: string, b: string): number {
  if (a === b) return 0;
  const m = a.length;
  const n = b.length;
  if (Math.abs(m - n) > 3) return Math.abs(m - n);
  const d: number[][] = Array.from({ length: m + 1 }, (_, i) => [i, ...Array<number>(n).fill(0)]);
  for (let j = 1; j <= n; j++) d[0][j] = j;
  for (let i = 1; i <= m; i++) {
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[m][n];
}

const trigrams = (s: string) => {
  const padded = `  ${s} `;
  const set = new Set<string>();
  for (let i = 0; i < padded.length - 2; i++) set.add(padded.slice(i, i + 3));
  return set;
};

/** pg_trgm's similarity: shared trigrams over all trigrams of both words. */
export function trigramSimilarity(a: string, b: string): number {
  const ta = trigrams(a);
  const tb = trigrams(b);
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared++;
  return shared / (ta.size + tb.size - shared);
}

/** How many typos a word of this length may carry and still be known: none below 5 letters (toko/teko), 1 up to 7, 2 from 8. */
export const typosAllowed = (length: number) => (length < 5 ? 0 : length < 8 ? 1 : 2);

/** The same word up to typos (distance within typosAllowed, first letter kept), or a close trigram match of a long word. */
export function sameWord(word: string, known: string): boolean {
  if (word === known) return true;
  const allowed = typosAllowed(Math.min(word.length, known.length));
  if (allowed === 0 || word[0] !== known[0]) return false;
  if (damerauLevenshtein(word, known) <= allowed) return true;
  return word.length >= 8 && known.length >= 8 && trigramSimilarity(word, known) >= 0.6;
}

/** Indonesian suffixes a question puts on a column's word (penjualannya, cabangnya, tokonya). */
export function stem(word: string): string {
  for (const suffix of ['nya', 'lah', 'kah']) if (word.length > suffix.length + 3 && word.endsWith(suffix)) return word.slice(0, -suffix.length);
  return word;
}

const NUMBER_WORDS: Record<string, number> = {
  satu: 1,
  dua: 2,
  tiga: 3,
  empat: 4,
  lima: 5,
  enam: 6,
  tujuh: 7,
  delapan: 8,
  sembilan: 9,
  sepuluh: 10,
  sebelas: 11,
  'dua belas': 12,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  twelve: 12,
  twenty: 20,
};
export const numberWord = (w: string): number | undefined => NUMBER_WORDS[w] ?? (/^\d+$/.test(w) ? Number(w) : undefined);

/** An amount as people say it: 1,5 juta, 500rb, 2jt, 1.5m, 250k, 3 miliar. */
export function amountOf(text: string): number | undefined {
  const m = /^(\d+(?:[.,]\d+)?)\s*(juta|jt|ribu|rb|k|m|million|thousand|miliar|milyar|billion|bn)?$/.exec(text.trim());
  if (!m) return undefined;
  const n = Number(m[1].replace(',', '.'));
  const scale: Record<string, number> = {
    juta: 1e6,
    jt: 1e6,
    m: 1e6,
    million: 1e6,
    ribu: 1e3,
    rb: 1e3,
    k: 1e3,
    thousand: 1e3,
    miliar: 1e9,
    milyar: 1e9,
    billion: 1e9,
    bn: 1e9,
  };
  return n * (m[2] ? scale[m[2]] : 1);
}
