// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- sastrawijs ships no typings its "exports" reach: this one goes into every program that type-checks this file (server, e2e, bench)
/// <reference path="./sastrawijs.d.ts" />
import { Stemmer as SastrawiStemmer } from 'sastrawijs';
import { stemmer as porterStemmer } from 'stemmer';
import type { AiLanguage } from '../engine.ts';

/**
 * Text normalisation and the features of the local engine: what customers write on WhatsApp ("brp hrg nya kak??",
 * "gk bisa bayar"), turned into words a stemmer and a linear model can use. Indonesian is stemmed with Sastrawi
 * (its dictionary ships inside the `sastrawijs` bundle), English with Porter's algorithm (`stemmer`).
 */

/** Chat abbreviations and slang to their standard words. Small on purpose: character n-grams catch the rest. */
const SLANG: Record<string, string> = {
  // Indonesian
  gk: 'tidak',
  ga: 'tidak',
  gak: 'tidak',
  nggak: 'tidak',
  ngga: 'tidak',
  enggak: 'tidak',
  engga: 'tidak',
  tdk: 'tidak',
  g: 'tidak',
  brp: 'berapa',
  brapa: 'berapa',
  berapaan: 'berapa',
  sy: 'saya',
  aq: 'saya',
  aku: 'saya',
  gw: 'saya',
  gue: 'saya',
  gua: 'saya',
  km: 'kamu',
  kmu: 'kamu',
  lu: 'kamu',
  lo: 'kamu',
  elu: 'kamu',
  yg: 'yang',
  dgn: 'dengan',
  dg: 'dengan',
  utk: 'untuk',
  untk: 'untuk',
  bwt: 'buat',
  bs: 'bisa',
  bsa: 'bisa',
  tp: 'tapi',
  tpi: 'tapi',
  sdh: 'sudah',
  udh: 'sudah',
  udah: 'sudah',
  dah: 'sudah',
  blm: 'belum',
  belom: 'belum',
  lom: 'belum',
  krn: 'karena',
  karna: 'karena',
  trs: 'terus',
  jg: 'juga',
  aja: 'saja',
  aj: 'saja',
  gmn: 'bagaimana',
  gimana: 'bagaimana',
  gmana: 'bagaimana',
  bgmn: 'bagaimana',
  kpn: 'kapan',
  dmn: 'mana',
  dimana: 'mana',
  knp: 'kenapa',
  napa: 'kenapa',
  hrg: 'harga',
  hrga: 'harga',
  ongkir: 'ongkos kirim',
  tf: 'transfer',
  trf: 'transfer',
  rek: 'rekening',
  tlg: 'tolong',
  tolongin: 'tolong',
  mksh: 'terima kasih',
  makasih: 'terima kasih',
  makasi: 'terima kasih',
  trims: 'terima kasih',
  trmksh: 'terima kasih',
  bgt: 'banget',
  lg: 'lagi',
  sm: 'sama',
  org: 'orang',
  dr: 'dari',
  pd: 'pada',
  klo: 'kalau',
  kalo: 'kalau',
  kl: 'kalau',
  bkn: 'bukan',
  msh: 'masih',
  masi: 'masih',
  jd: 'jadi',
  jdi: 'jadi',
  cm: 'hanya',
  cuma: 'hanya',
  cuman: 'hanya',
  sampe: 'sampai',
  ntar: 'nanti',
  nnti: 'nanti',
  pesenan: 'pesanan',
  psnan: 'pesanan',
  byr: 'bayar',
  bayarnya: 'bayar',
  brg: 'barang',
  brang: 'barang',
  tgl: 'tanggal',
  skrg: 'sekarang',
  skrang: 'sekarang',
  sekarng: 'sekarang',
  hr: 'hari',
  mggu: 'minggu',
  pengen: 'ingin',
  pgn: 'ingin',
  pingin: 'ingin',
  mo: 'mau',
  mw: 'mau',
  pake: 'pakai',
  pakek: 'pakai',
  gratis: 'gratis',
  free: 'gratis',
  ready: 'tersedia',
  redy: 'tersedia',
  ori: 'asli',
  // English
  u: 'you',
  ur: 'your',
  pls: 'please',
  plz: 'please',
  thx: 'thanks',
  ty: 'thanks',
  wanna: 'want to',
  gonna: 'going to',
  gotta: 'have to',
  im: 'i am',
  dont: 'do not',
  cant: 'can not',
  wont: 'will not',
  whats: 'what is',
  hows: 'how is',
  r: 'are',
};

/** Words that carry no topic of their own (question words, pronouns, particles, address terms). */
const STOP_WORDS = new Set([
  'yang',
  'di',
  'ke',
  'dari',
  'dan',
  'atau',
  'ini',
  'itu',
  'ada',
  'apa',
  'apakah',
  'berapa',
  'saya',
  'kamu',
  'anda',
  'kak',
  'ka',
  'kakak',
  'gan',
  'sis',
  'min',
  'mas',
  'mbak',
  'bang',
  'pak',
  'bu',
  'dong',
  'deh',
  'sih',
  'nih',
  'ya',
  'yah',
  'kok',
  'lah',
  'kah',
  'pun',
  'nya',
  'untuk',
  'dengan',
  'pada',
  'juga',
  'saja',
  'mau',
  'bisa',
  'tolong',
  'halo',
  'hai',
  'hallo',
  'permisi',
  'mana',
  'bagaimana',
  'kapan',
  'kenapa',
  'siapa',
  'adalah',
  'akan',
  'sudah',
  'belum',
  'masih',
  'tidak',
  'jadi',
  'kalau',
  'tapi',
  'terus',
  'banget',
  'sama',
  'oke',
  'info',
  'tanya',
  'the',
  'a',
  'an',
  'is',
  'are',
  'am',
  'was',
  'be',
  'do',
  'does',
  'did',
  'i',
  'you',
  'your',
  'my',
  'me',
  'we',
  'it',
  'of',
  'to',
  'in',
  'on',
  'at',
  'for',
  'and',
  'or',
  'what',
  'when',
  'where',
  'how',
  'which',
  'who',
  'why',
  'can',
  'could',
  'please',
  'hi',
  'hello',
  'there',
  'this',
  'that',
  'have',
  'has',
  'with',
  'about',
  'tell',
  'much',
  'many',
]);

const sastrawi = new SastrawiStemmer();
const stemCache = new Map<string, string>();

/** Lower case, accents off, punctuation to spaces, letters repeated 3+ times once ("mahalll"), "barang2" → "barang". */
export function normalise(text: string): string[] {
  const plain = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/([a-z])\1{2,}/g, '$1')
    .replace(/([a-z]{2,})2\b/g, '$1')
    .replace(/[^a-z0-9]+/g, ' ');
  const words: string[] = [];
  for (const word of plain.split(' ')) {
    if (!word) continue;
    const standard = SLANG[word];
    if (standard) words.push(...standard.split(' '));
    else words.push(word);
  }
  return words;
}

export function stem(word: string, language: AiLanguage): string {
  if (/\d/.test(word) || word.length < 4) return word;
  const key = language + word;
  let stemmed = stemCache.get(key);
  if (stemmed === undefined) {
    stemmed = language === 'id' ? sastrawi.stem(word) : porterStemmer(word);
    if (!stemmed) stemmed = word;
    if (stemCache.size > 50_000) stemCache.clear();
    stemCache.set(key, stemmed);
  }
  return stemmed;
}

export const isStopWord = (word: string) => STOP_WORDS.has(word);

/** Stemmed words of a text (stop words kept: "tidak" and "where" matter to an intent). */
export function stems(text: string, language: AiLanguage): string[] {
  return normalise(text).map((w) => stem(w, language));
}

/** Stemmed topic words (no stop words): what a fact and a question must share. */
export function contentStems(text: string, language: AiLanguage): string[] {
  return normalise(text)
    .filter((w) => !STOP_WORDS.has(w))
    .map((w) => stem(w, language));
}

/**
 * The features of a text with their counts: `w:` stemmed words, `b:` pairs of neighbouring stemmed words, `c:`
 * character 3- to 5-grams inside each (unstemmed, normalised) word with its boundaries marked, so that typos and
 * unseen inflections still share most of their features with the training phrases.
 */
export function textFeatures(text: string, language: AiLanguage): Map<string, number> {
  const words = normalise(text);
  const features = new Map<string, number>();
  const add = (f: string) => features.set(f, (features.get(f) ?? 0) + 1);
  let previous: string | undefined;
  for (const word of words) {
    const stemmed = stem(word, language);
    add('w:' + stemmed);
    if (previous !== undefined) add('b:' + previous + ' ' + stemmed);
    previous = stemmed;
    const marked = '<' + word + '>';
    for (let n = 3; n <= 5; n++) {
      for (let i = 0; i + n <= marked.length; i++) add('c:' + marked.slice(i, i + n));
    }
  }
  return features;
}
