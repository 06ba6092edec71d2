import type { AiLanguage, ChatAnswer, ChatRequest, RetrievedFact } from '../engine.ts';
import { cosineSimilarity, hashedEmbedding } from './embeddings.ts';
import { listLine, partsOf, replyAbout, type AskedField } from './reply.ts';
import { contentStems, normalise, stem } from './text.ts';

/**
 * The local chat: no language model. It answers the last user message only from the retrieved facts, quoting them in
 * a template of the request's language, and says plainly that it does not know when no fact shares enough with the
 * question (then `unknown: true`, so the caller may hand over to a person).
 */
export const LOCAL_CHAT_MODEL = 'local-fact-templates';
/** A fact must share at least this share of what the question is about (or be this similar by character n-grams). */
const MIN_WORD_SHARE = 0.34;
const MIN_SIMILARITY = 0.45;
const MAX_FACTS = 3;
/** Items a list the customer asked for may hold. */
const MAX_LIST = 5;

/** What a question may ask about a fact, in the words customers and dataset attributes use. */
const ASPECTS: Record<string, string[]> = {
  price: ['harga', 'price', 'biaya', 'cost', 'tarif', 'rate', 'bayar', 'duit', 'rupiah', 'rp', 'fee', 'much'],
  hours: ['jam', 'buka', 'tutup', 'open', 'opening', 'close', 'closing', 'hours', 'operasional', 'waktu', 'time', 'schedule', 'jadwal'],
  location: ['alamat', 'lokasi', 'address', 'location', 'tempat', 'place', 'where', 'mana', 'cabang', 'branch'],
  stock: ['stok', 'stock', 'tersedia', 'ready', 'available', 'availability', 'sisa'],
  shipping: ['ongkos', 'kirim', 'ongkir', 'shipping', 'delivery', 'pengiriman', 'ekspedisi', 'kurir'],
  contact: ['telepon', 'phone', 'nomor', 'number', 'whatsapp', 'email', 'kontak', 'contact', 'hubungi'],
  size: ['ukuran', 'size', 'dimensi', 'berat', 'weight', 'panjang', 'lebar', 'length'],
  description: ['keterangan', 'deskripsi', 'description', 'detail', 'details', 'bahan', 'material', 'spesifikasi', 'specification', 'specs'],
  category: ['kategori', 'category', 'jenis', 'type'],
};
/** Words with which a customer asks for several items rather than one ("apa saja", "which", "list"). */
const LIST_WORDS = ['apa saja', 'apa aja', 'daftar', 'semua', 'pilihan', 'macam', 'list', 'katalog', 'catalog', 'catalogue', 'which', 'all', 'options'];
const ASPECT_STEMS: Record<string, Set<string>> = Object.fromEntries(
  Object.entries(ASPECTS).map(([aspect, words]) => [aspect, new Set(words.flatMap((w) => [stem(w, 'id'), stem(w, 'en')]))]),
);
/** Words that name the business itself: "jam buka toko?" asks about opening hours, not about a thing called toko. */
const BUSINESS_WORDS = new Set(['toko', 'shop', 'store', 'outlet', 'kedai', 'warung', 'kantor', 'office']);

const TEXTS = {
  id: {
    unknown: 'Maaf, saya belum punya informasi tentang itu. Silakan tanyakan hal lain, atau minta dihubungkan dengan petugas kami.',
    several: 'Berikut yang saya temukan:',
  },
  en: {
    unknown: "Sorry, I don't have information about that. Please ask something else, or ask to be connected with our staff.",
    several: 'Here is what I found:',
  },
} satisfies Record<AiLanguage, Record<string, string>>;

function aspectsOf(words: string[], language: AiLanguage): Set<string> {
  const found = new Set<string>();
  for (const word of words) {
    const stems = [stem(word, language), stem(word, language === 'id' ? 'en' : 'id'), word];
    for (const [aspect, set] of Object.entries(ASPECT_STEMS)) if (stems.some((s) => set.has(s))) found.add(aspect);
  }
  return found;
}

function factWords(fact: RetrievedFact): string {
  return [fact.text, ...Object.entries(fact.fields ?? {}).flatMap(([name, value]) => [name.replace(/[_-]/g, ' '), value])].join(' ');
}

interface Match {
  fact: RetrievedFact;
  score: number;
  /** The fact's own text (not only its fields) has some of what the question is about. */
  topicInText: boolean;
}

function aspectsOfFact(fact: RetrievedFact, language: AiLanguage): Set<string> {
  const names = Object.keys(fact.fields ?? {}).join(' ');
  return aspectsOf(normalise(names + ' ' + fact.text), language);
}

/**
 * Facts that share enough with the question, best first. The question's topic words split into what it is about
 * ("kopi susu") and what it asks of it (aspects: price, opening hours...). A fact must share the first (by stems or,
 * misspelt, by character n-grams); a question with aspects only ("jam buka?", "opening hours?") matches the facts
 * that have that aspect, whatever their language. A shared aspect ranks a fact above the others.
 */
export function matchFacts(question: string, facts: RetrievedFact[], language: AiLanguage, max = MAX_FACTS): Match[] {
  const words = normalise(question);
  const aspects = aspectsOf(words, language);
  const topic = new Set(contentStems(question, language).filter((s) => aspectsOf([s], language).size === 0 && !BUSINESS_WORDS.has(s)));
  const questionVector = hashedEmbedding(question);
  const matches: Match[] = [];
  for (const fact of facts) {
    const text = factWords(fact);
    const factAspects = aspectsOfFact(fact, language);
    const sharedAspects = [...aspects].filter((a) => factAspects.has(a)).length;
    const similarity = cosineSimilarity(questionVector, hashedEmbedding(text));
    let share: number;
    if (topic.size > 0) {
      const known = new Set([...contentStems(text, language), ...contentStems(text, language === 'id' ? 'en' : 'id')]);
      share = [...topic].filter((s) => known.has(s)).length / topic.size;
      if (share < MIN_WORD_SHARE && similarity < MIN_SIMILARITY) continue;
    } else {
      if (sharedAspects === 0) continue;
      share = 1;
    }
    const ownText = new Set(contentStems(fact.text, language));
    matches.push({ fact, score: share + sharedAspects + similarity, topicInText: [...topic].some((s) => ownText.has(s)) });
  }
  matches.sort((a, b) => b.score - a.score);
  const best = matches[0]?.score ?? 0;
  return matches.filter((m) => m.score >= best * 0.75).slice(0, max);
}

/** The fact's fields the question asks about (by their aspects), besides its name. */
function askedFields(fact: RetrievedFact, aspects: Set<string>, language: AiLanguage): AskedField[] {
  const asked: AskedField[] = [];
  for (const [name, value] of partsOf(fact).others) {
    for (const aspect of aspectsOf(normalise(name), language)) if (aspects.has(aspect)) asked.push({ aspect, value });
  }
  return asked;
}

const listAsked = (question: string) => {
  const plain = ` ${normalise(question).join(' ')} `;
  return LIST_WORDS.some((w) => plain.includes(` ${w} `));
};

const countWords = (text: string) => (text.match(/\S+/g) ?? []).length;

export async function answerFromFacts(request: ChatRequest): Promise<ChatAnswer> {
  const language = request.language;
  const question = [...request.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  // One item, the best, unless the customer asked for a list.
  const list = listAsked(question);
  const matches = question.trim() ? matchFacts(question, request.context, language, list ? MAX_LIST : 1) : [];
  const aspects = aspectsOf(normalise(question), language);
  const aspectOf = (fieldName: string) => [...aspectsOf(normalise(fieldName), language)][0];
  let text: string;
  if (matches.length === 0) text = TEXTS[language].unknown;
  else if (matches.length === 1)
    text = replyAbout(matches[0].fact, askedFields(matches[0].fact, aspects, language), language, aspectOf, matches[0].topicInText);
  else text = [TEXTS[language].several, ...matches.map((m) => `- ${listLine(m.fact, askedFields(m.fact, aspects, language), language, aspectOf)}`)].join('\n');

  if (request.onDelta) {
    for (const piece of text.match(/\S+\s*/g) ?? []) {
      request.signal?.throwIfAborted();
      request.onDelta(piece);
    }
  }
  const input = [request.systemInstruction ?? '', ...request.messages.map((m) => m.content), ...request.context.map(factWords)].join(' ');
  return {
    text,
    sources: matches.map((m) => m.fact.id),
    unknown: matches.length === 0,
    usage: { model: LOCAL_CHAT_MODEL, inputTokens: countWords(input), outputTokens: countWords(text), images: 0 },
  };
}
