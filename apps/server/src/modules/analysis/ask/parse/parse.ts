import {
  NUMERIC_COLUMN_TYPES,
  type Aggregation,
  type DatasetColumnType,
  type PlanDimension,
  type PlanFilter,
  type QueryPlan,
  type TimeGrain,
} from '@nusa/contracts';
import { daysOf, findDateRange, stepBack, type DateRange, type StepUnit } from './dates.ts';
import { amountOf, normalize, numberWord, sameWord, stem, tokens } from './text.ts';
import { EN_MARKERS, FILLER, FOLLOW_UP, ID_MARKERS, REFUSAL, REVENUE_WORDS, SYNONYM_GROUPS } from './vocabulary.ts';

/**
 * The local question parser (issue 13): an Indonesian or English question about one dataset → a typed query plan,
 * from the dataset's column labels and its text columns' values, never from a model. It answers only what it
 * understood in full: a word it cannot place (not a column, value, date, number or known word) makes the question
 * not understood rather than answered wrongly, and a request to change data or read elsewhere is refused.
 */

export interface ParseColumn {
  key: string;
  label: string;
  type: DatasetColumnType;
}

export interface ParseContext {
  datasetId: string;
  columns: readonly ParseColumn[];
  /** Distinct values of the text columns by column key (the most frequent ones). */
  values: Readonly<Record<string, readonly string[]>>;
  /** The day "today" is (YYYY-MM-DD): relative dates are resolved against it. */
  today: string;
  /** The plan of the conversation's last question, which a follow-up builds on. */
  previous?: QueryPlan;
}

export type Language = 'id' | 'en';
export type ParseOutcome =
  | { ok: true; plan: QueryPlan; language: Language }
  | { ok: false; code: 'analysis_request_refused' | 'analysis_question_not_understood'; language: Language; unknown?: string[] };

export function detectLanguage(question: string): Language {
  let id = 0;
  let en = 0;
  for (const w of tokens(normalize(question))) {
    if (ID_MARKERS.has(w)) id++;
    if (EN_MARKERS.has(w)) en++;
  }
  return en > id ? 'en' : 'id';
}

const isNumeric = (c: ParseColumn) => NUMERIC_COLUMN_TYPES.includes(c.type);

/** Cuts the first match of `re` out of the text, answering the match. */
function take(state: { text: string }, re: RegExp): RegExpExecArray | undefined {
  const m = re.exec(state.text);
  if (!m) return undefined;
  state.text = `${state.text.slice(0, m.index)} ${state.text.slice(m.index + m[0].length)}`.replace(/\s+/g, ' ').trim();
  return m;
}

const GRAINS: [TimeGrain, RegExp][] = [
  ['day', /\b(harian|per hari|setiap hari|tiap hari|daily|per day|each day|by day|day by day|sehari hari|per tanggal|by date)\b/],
  ['week', /\b(mingguan|per minggu|setiap minggu|tiap minggu|per pekan|weekly|per week|each week|by week|week by week)\b/],
  ['month', /\b(bulanan|per bulan|setiap bulan|tiap bulan|monthly|per month|each month|by month|month by month|bulan ke bulan)\b/],
  ['quarter', /\b(kuartalan|per kuartal|setiap kuartal|tiap kuartal|triwulanan|per triwulan|quarterly|per quarter|by quarter|each quarter)\b/],
  ['year', /\b(tahunan|per tahun|setiap tahun|tiap tahun|yearly|annual|annually|per year|by year|each year|year by year)\b/],
];
const TREND = /\b(tren|trend|trends|trennya|perkembangan|pergerakan|over time|dari waktu ke waktu|historis|history|riwayat)\b/;
const PREVIOUS_PERIOD =
  /\b(?:(?:di)?banding(?:kan)?(?: dengan| sama)?|vs|versus|compared (?:to|with)|against|than) (?:the )?(?:(bulan|minggu|pekan|tahun|kuartal|periode|month|week|year|quarter|period) )?(?:lalu|sebelumnya|kemarin|kemaren|last|previous|prior|before)(?: (bulan|minggu|pekan|tahun|kuartal|periode|month|week|year|quarter|period))?\b|\b(pertumbuhan|growth|kenaikan|penurunan|naik turun|perubahan|change|growing)\b/;
/** "bulan sebelumnya", "the previous month", "the year before", "sebelumnya": the period before the last question's. */
const PREVIOUS_OF_LAST =
  /\b(?:(?:the )?(?:previous|prior|preceding) (month|week|year|quarter|period|day)|(?:the )?(month|week|year|quarter|period|day) before|(?:a |one )?(month|week|year|quarter) earlier|(bulan|minggu|pekan|tahun|kuartal|triwulan|periode|hari) sebelumnya|(?:the )?(?:one )?before that|sebelumnya)\b/;
const STEP_UNITS: Record<string, StepUnit> = {
  month: 'month',
  bulan: 'month',
  week: 'week',
  minggu: 'week',
  pekan: 'week',
  year: 'year',
  tahun: 'year',
  quarter: 'quarter',
  kuartal: 'quarter',
  triwulan: 'quarter',
  day: 'day',
  hari: 'day',
};
const SHARE = /\b(persentase|prosentase|persen|porsi|share|kontribusi|proporsi|pangsa|percentage|percent|proportion|contribution|% dari)\b|%/;
const AVG = /\b(rata rata|rata-rata|ratarata|rerata|average|avg|mean)\b/;
const COUNT = /\b(berapa banyak|berapa kali|berapa jumlah|banyaknya|how many|number of|count of|count|hitung|berapa(?= (?:transaksi|pesanan|order|nota)))\b/;
const COUNT_NOUN = /\b(transaksi|transaksinya|transactions?|orders?|pesanan|nota|struk|baris|rows?|records?)\b/;
const DESC =
  /\b(top|teratas|tertinggi|terbesar|terlaris|terbanyak|paling laris|paling laku|paling banyak|paling besar|paling tinggi|best selling|best-selling|bestselling|best|highest|largest|biggest|most|leading|terlaku|laris|maksimum|maximum|max|tertinggi)\b/;
const ASC =
  /\b(bottom|terbawah|terendah|terkecil|tersedikit|paling sedikit|paling rendah|paling kecil|kurang laris|paling tidak laku|least|lowest|smallest|worst|fewest|weakest|terburuk|paling buruk|minimum|min)\b/;
const TOP_N =
  /\b(?:top|bottom|best|worst) (\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|twenty|satu|dua|tiga|empat|lima|enam|tujuh|delapan|sembilan|sepuluh)\b|\b(\d{1,3}|satu|dua|tiga|empat|lima|enam|tujuh|delapan|sembilan|sepuluh|one|two|three|four|five|six|seven|eight|nine|ten|twenty)(?= (?:\w+ ){0,3}(?:teratas|terbawah|terlaris|tertinggi|terendah|terbesar|terkecil|terbanyak|besar|paling|best|highest|lowest|top|bottom|worst|laris))/;
const COMPARE_WORDS = /\b(bandingkan|perbandingan|banding|dibanding|dibandingkan|compare|comparison|vs|versus|antara|between)\b/;
const NUMBER_FILTER =
  /\b(lebih dari|lebih besar dari|di atas|diatas|minimal|minimum|paling sedikit|at least|more than|greater than|above|over|kurang dari|lebih kecil dari|di bawah|dibawah|maksimal|paling banyak|at most|less than|below|under)\s*(?:rp\.?\s*)?(\d+(?:[.,]\d+)?\s*(?:juta|jt|ribu|rb|k|m|million|thousand|miliar|milyar|billion|bn)?)\b|([<>]=?)\s*(\d+(?:[.,]\d+)?\s*(?:juta|jt|ribu|rb|k|m|million|thousand)?)/;
const FILTER_OPS: Record<string, PlanFilter['op']> = {
  'lebih dari': 'gt',
  'lebih besar dari': 'gt',
  'di atas': 'gt',
  diatas: 'gt',
  'more than': 'gt',
  'greater than': 'gt',
  above: 'gt',
  over: 'gt',
  '>': 'gt',
  '>=': 'gte',
  minimal: 'gte',
  minimum: 'gte',
  'paling sedikit': 'gte',
  'at least': 'gte',
  'kurang dari': 'lt',
  'lebih kecil dari': 'lt',
  'di bawah': 'lt',
  dibawah: 'lt',
  'less than': 'lt',
  below: 'lt',
  under: 'lt',
  '<': 'lt',
  '<=': 'lte',
  maksimal: 'lte',
  'paling banyak': 'lte',
  'at most': 'lte',
};

interface Mention {
  column: ParseColumn;
  /** Token position in the remaining text. */
  at: number;
  value?: string;
}

const groupOf = (word: string) => SYNONYM_GROUPS.find((g) => g.includes(word));

/** Whether a question word names a column: its label's word, a synonym of it, or either with a typo. */
function namesColumn(word: string, column: ParseColumn): boolean {
  const labelWords = tokens(normalize(column.label)).filter((w) => !FILLER.has(w) || tokens(normalize(column.label)).length === 1);
  for (const lw of labelWords) {
    if (sameWord(word, lw)) return true;
    const group = groupOf(lw);
    if (group?.some((g) => !g.includes(' ') && sameWord(word, g))) return true;
  }
  return false;
}

/** Finds the dataset's text values in the words (longest first, typos allowed on long words); marks the words used. */
function findValues(words: string[], used: boolean[], ctx: ParseContext): Mention[] {
  const found: Mention[] = [];
  const candidates: { column: ParseColumn; value: string; words: string[] }[] = [];
  for (const column of ctx.columns) {
    if (column.type !== 'text') continue;
    for (const value of ctx.values[column.key] ?? []) {
      const vw = tokens(normalize(value));
      if (vw.length) candidates.push({ column, value, words: vw });
    }
  }
  candidates.sort((a, b) => b.words.length - a.words.length);
  for (const cand of candidates) {
    const n = cand.words.length;
    for (let i = 0; i + n <= words.length; i++) {
      if (used.slice(i, i + n).some(Boolean)) continue;
      const exact = cand.words.every((w, j) => words[i + j] === w);
      const fuzzy = !exact && cand.words.every((w, j) => w.length >= 5 && sameWord(stem(words[i + j]), w));
      if (exact || fuzzy) {
        for (let j = 0; j < n; j++) used[i + j] = true;
        found.push({ column: cand.column, at: i, value: cand.value });
      }
    }
  }
  return found.sort((a, b) => a.at - b.at);
}

function findColumns(words: string[], used: boolean[], ctx: ParseContext): Mention[] {
  const found: Mention[] = [];
  words.forEach((raw, i) => {
    if (used[i]) return;
    const w = stem(raw);
    if (FILLER.has(raw) && !ctx.columns.some((c) => normalize(c.label) === raw)) return;
    const column = ctx.columns.find((c) => tokens(normalize(c.label)).includes(w)) ?? ctx.columns.find((c) => namesColumn(w, c));
    if (column) {
      used[i] = true;
      found.push({ column, at: i });
    }
  });
  return found;
}

/** The money column a question about revenue means when it names none: money first, then any number. */
function defaultMeasure(ctx: ParseContext): ParseColumn | undefined {
  const numeric = ctx.columns.filter(isNumeric);
  const revenue = numeric.find((c) => c.type === 'money' && tokens(normalize(c.label)).some((w) => REVENUE_WORDS.has(w)));
  return revenue ?? numeric.find((c) => c.type === 'money') ?? numeric.find((c) => c.type === 'number');
}

/** A grain fitting the range: days for a month, weeks for a few months, months for a few years, else quarters. */
const grainFor = (range: DateRange | null): TimeGrain => {
  if (!range) return 'month';
  const days = daysOf(range);
  return days <= 31 ? 'day' : days <= 120 ? 'week' : days <= 3 * 366 ? 'month' : 'quarter';
};

export function parseQuestion(question: string, ctx: ParseContext): ParseOutcome {
  const language = detectLanguage(question);
  const notUnderstood = (unknown?: string[]): ParseOutcome => ({
    ok: false,
    code: 'analysis_question_not_understood',
    language,
    ...(unknown ? { unknown } : {}),
  });
  const raw = normalize(question);
  const labelWords = new Set(ctx.columns.flatMap((c) => tokens(normalize(c.label))));
  const valueText = new Set(
    Object.values(ctx.values)
      .flat()
      .map((v) => normalize(v)),
  );
  for (const re of REFUSAL) {
    const m = re.exec(raw);
    // A word of the refusal lists that is the dataset's own column or value ("Update", "Login") is no request.
    if (m && !labelWords.has(m[0].trim()) && !valueText.has(m[0].trim())) return { ok: false, code: 'analysis_request_refused', language };
  }
  const state = { text: raw };
  const previous = ctx.previous;
  const followUp = !!previous && FOLLOW_UP.test(state.text);
  if (followUp) take(state, FOLLOW_UP);

  const previousPeriod = take(state, PREVIOUS_PERIOD);
  let grain: TimeGrain | undefined;
  for (const [g, re] of GRAINS) if (take(state, re)) grain ??= g;
  const trend = !!take(state, TREND);
  const share = !!take(state, SHARE);

  const numberFilters: { op: PlanFilter['op']; value: number; at: string }[] = [];
  for (let m = take(state, NUMBER_FILTER); m; m = take(state, NUMBER_FILTER)) {
    const op = FILTER_OPS[m[1] ?? m[3]];
    const value = amountOf((m[2] ?? m[4]).replace(/\s+/g, ''));
    if (!op || value === undefined) return notUnderstood();
    numberFilters.push({ op, value, at: state.text.slice(0, m.index).split(' ').slice(-1)[0] ?? '' });
  }

  let range: DateRange | undefined;
  const stepped = previous?.timeRange ? take(state, PREVIOUS_OF_LAST) : undefined;
  if (stepped && previous?.timeRange) {
    const word = stepped.slice(1).find(Boolean);
    range = stepBack(previous.timeRange, (word && STEP_UNITS[word]) || 'period');
  } else {
    const found = findDateRange(state.text, ctx.today);
    range = found.range;
    state.text = found.rest;
  }

  let limit: number | undefined;
  const topN = take(state, TOP_N);
  if (topN) limit = numberWord(topN[1] ?? topN[2]);
  let direction: 'asc' | 'desc' | undefined;
  if (take(state, ASC)) direction = 'asc';
  if (take(state, DESC)) direction ??= 'desc';
  if (topN && !direction) direction = /bottom|worst/.test(topN[0]) ? 'asc' : 'desc';
  if (take(state, ASC)) direction ??= 'asc';

  let aggregation: Aggregation | undefined;
  if (take(state, AVG)) aggregation = 'avg';
  const countAt = COUNT.exec(state.text);
  let countAfter: number | undefined;
  if (countAt) {
    aggregation ??= 'count';
    countAfter = tokens(state.text.slice(0, countAt.index)).length;
    take(state, COUNT);
  }
  const countNoun = !!take(state, COUNT_NOUN);
  const compareWords = !!take(state, COMPARE_WORDS);

  const words = tokens(state.text);
  const used = words.map(() => false);
  const values = findValues(words, used, ctx);
  const columns = findColumns(words, used, ctx);
  const revenueWord = words.some((w, i) => !used[i] && REVENUE_WORDS.has(stem(w)));
  words.forEach((w, i) => {
    if (!used[i] && (REVENUE_WORDS.has(stem(w)) || groupOf(stem(w)))) used[i] = true;
  });
  const unknown = words.filter((w, i) => !used[i] && !FILLER.has(w) && !FILLER.has(stem(w)) && !/^\d+$/.test(w) && !/^(rp|idr|%)$/.test(w));
  if (unknown.length) return notUnderstood(unknown);

  // Text columns named just before or after one of their values are the filter's own words ("cabang Surabaya", "Grosir segment").
  const valueColumns = new Set(values.map((v) => v.column.key));
  const textMentions = columns.filter(
    (m) =>
      m.column.type === 'text' &&
      !(
        valueColumns.has(m.column.key) &&
        values.some((v) => v.column.key === m.column.key && (v.at === m.at + 1 || v.at + tokens(normalize(v.value!)).length === m.at))
      ),
  );
  // A numeric column named right before "lebih dari 5" is what the filter compares, not a measure.
  const filterSubjects = new Map(numberFilters.map((f) => [f, columns.find((m) => isNumeric(m.column) && words[m.at] === f.at)]));
  const numericMentions = columns.filter((m) => isNumeric(m.column) && ![...filterSubjects.values()].includes(m));
  const dateMentions = columns.filter((m) => m.column.type === 'date');
  const dateColumn = dateMentions[0]?.column ?? ctx.columns.find((c) => c.type === 'date');

  const anything =
    values.length +
    columns.length +
    (range ? 1 : 0) +
    (aggregation ? 1 : 0) +
    (revenueWord ? 1 : 0) +
    (grain || trend ? 1 : 0) +
    (direction ? 1 : 0) +
    (share ? 1 : 0) +
    (countNoun ? 1 : 0) +
    numberFilters.length +
    (previousPeriod ? 1 : 0);
  if (anything === 0) return notUnderstood();
  if ((range || grain || trend || previousPeriod) && !dateColumn) return notUnderstood();

  // Measures: the numeric columns named, else what a count counts, else the default money column.
  let distinctOf: ParseColumn | undefined;
  if (aggregation === 'count' && countAfter !== undefined && !numericMentions.length && !countNoun) {
    const next = textMentions.find((m) => m.at >= countAfter! && m.at <= countAfter! + 1);
    if (next) distinctOf = next.column;
  }
  const measures: QueryPlan['measures'] = [];
  if (distinctOf) {
    measures.push({ column: distinctOf.key, aggregation: 'countDistinct', label: '' });
  } else if (numericMentions.length) {
    for (const m of numericMentions) {
      if (!measures.some((x) => x.column === m.column.key))
        measures.push({ column: m.column.key, aggregation: aggregation === 'count' ? 'sum' : (aggregation ?? 'sum'), label: '' });
    }
  } else if (aggregation === 'count' || (countNoun && !revenueWord && !direction)) {
    measures.push({ column: null, aggregation: 'count', label: '' });
  }

  const dimensions: PlanDimension[] = [];
  for (const m of textMentions) {
    if (m.column !== distinctOf && !dimensions.some((d) => d.column === m.column.key)) dimensions.push({ column: m.column.key });
  }
  if ((grain || trend || dateMentions.length) && dateColumn) {
    dimensions.unshift({
      column: dateColumn.key,
      timeGrain: grain ?? (dateMentions.length && !trend ? 'day' : grainFor(range ?? previous?.timeRange ?? null)),
    });
  }

  // Values: one per column filters by it; two or more are compared side by side.
  const filters: PlanFilter[] = [];
  let comparison: QueryPlan['comparison'] = null;
  const byColumn = new Map<string, { column: ParseColumn; values: string[] }>();
  for (const v of values) {
    const entry = byColumn.get(v.column.key) ?? { column: v.column, values: [] };
    if (!entry.values.includes(v.value!)) entry.values.push(v.value!);
    byColumn.set(v.column.key, entry);
  }
  for (const { column, values: vs } of byColumn.values()) {
    if (vs.length > 1) {
      filters.push({ column: column.key, op: 'in', values: vs });
      if (!dimensions.some((d) => d.column === column.key)) dimensions.push({ column: column.key });
      comparison = { kind: 'values', column: column.key, values: vs };
    } else if (share) {
      if (!dimensions.some((d) => d.column === column.key)) dimensions.push({ column: column.key });
    } else {
      filters.push({ column: column.key, op: 'eq', values: vs });
    }
  }
  void compareWords;

  // Without "kalau ..." a question is still a follow-up when it steps back from the last period or only reshapes the
  // last answer ("tampilkan per minggu", "top 5 saja"): it names no figure, column, value or date of its own.
  const reshapesOnly =
    !measures.length && !textMentions.length && !values.length && !range && !revenueWord && !countNoun && !share && (!!grain || !!limit || !!direction);
  if (previous && (followUp || stepped || reshapesOnly))
    return mergeFollowUp(
      previous,
      { measures, dimensions, filters, range, limit, direction, comparison, share, previousPeriod: !!previousPeriod, grain, language },
      dateColumn?.key,
    );

  if (!measures.length) {
    const measure = defaultMeasure(ctx);
    if (!measure) return notUnderstood();
    measures.push({ column: measure.key, aggregation: aggregation === 'count' ? 'count' : (aggregation ?? 'sum'), label: '' });
    if (aggregation === 'count') measures[0].column = null;
  }
  for (const f of numberFilters) {
    const column = filterSubjects.get(f)?.column ?? numericMentions[0]?.column ?? defaultMeasure(ctx);
    if (!column) return notUnderstood();
    filters.push({ column: column.key, op: f.op, values: [f.value] });
  }

  let sort: QueryPlan['sort'] = null;
  let planLimit: number | null = null;
  if (direction) {
    if (dimensions.some((d) => !d.timeGrain) || (dimensions.length && limit)) {
      sort = { by: 'measure', index: 0, direction };
      planLimit = limit ?? 1;
    } else if (!dimensions.length && measures[0].aggregation === 'sum' && measures[0].column) {
      measures[0].aggregation = direction === 'desc' ? 'max' : 'min';
    } else if (dimensions.length) {
      sort = { by: 'measure', index: 0, direction };
      planLimit = limit ?? 1;
    }
  }
  if (!sort && dimensions.length) {
    sort = dimensions[0].timeGrain ? { by: 'dimension', index: 0, direction: 'asc' } : { by: 'measure', index: 0, direction: 'desc' };
  }
  // A share is of a total: of sums and counts, with something to share it among.
  if (share && (!dimensions.length || measures[0].aggregation === 'avg')) return notUnderstood();
  const timeRange = range && dateColumn ? { column: dateColumn.key, ...range } : null;
  const plan: QueryPlan = {
    datasetId: ctx.datasetId,
    measures,
    dimensions,
    filters,
    timeRange,
    sort,
    limit: planLimit,
    comparison: comparison ?? (previousPeriod ? { kind: 'previousPeriod' } : null),
    share,
  };
  if (plan.comparison?.kind === 'previousPeriod' && !plan.timeRange) {
    const t = ctx.today;
    plan.timeRange = { column: dateColumn!.key, from: `${t.slice(0, 8)}01`, to: t };
  }
  return { ok: true, plan, language };
}

interface Parsed {
  measures: QueryPlan['measures'];
  dimensions: PlanDimension[];
  filters: PlanFilter[];
  range?: DateRange;
  limit?: number;
  direction?: 'asc' | 'desc';
  comparison: QueryPlan['comparison'];
  share: boolean;
  previousPeriod: boolean;
  grain?: TimeGrain;
  language: Language;
}

/** A follow-up changes what it names of the previous plan and keeps the rest ("kalau Jakarta?", "per produk?"). */
function mergeFollowUp(previous: QueryPlan, p: Parsed, dateColumn: string | undefined): ParseOutcome {
  const changed =
    p.measures.length +
    p.dimensions.length +
    p.filters.length +
    (p.range ? 1 : 0) +
    (p.limit ? 1 : 0) +
    (p.direction ? 1 : 0) +
    (p.share ? 1 : 0) +
    (p.previousPeriod ? 1 : 0) +
    (p.grain ? 1 : 0);
  if (changed === 0) return { ok: false, code: 'analysis_question_not_understood', language: p.language };
  const plan: QueryPlan = structuredClone(previous);
  if (p.measures.length) plan.measures = p.measures;
  if (p.filters.length) {
    const named = new Set(p.filters.map((f) => f.column));
    plan.filters = [...plan.filters.filter((f) => !named.has(f.column)), ...p.filters];
    if (plan.comparison?.kind === 'values' && named.has(plan.comparison.column)) {
      plan.comparison = null;
      plan.dimensions = plan.dimensions.filter((d) => !named.has(d.column));
    }
  }
  if (p.comparison) plan.comparison = p.comparison;
  if (p.dimensions.length) {
    const filtered = new Set(plan.filters.filter((f) => f.op === 'eq').map((f) => f.column));
    plan.dimensions = p.dimensions;
    plan.filters = plan.filters.filter(
      (f) => !(filtered.has(f.column) && p.dimensions.some((d) => d.column === f.column) && p.comparison === null && f.op === 'eq' && !p.filters.includes(f)),
    );
    plan.sort = p.dimensions[0].timeGrain ? { by: 'dimension', index: 0, direction: 'asc' } : { by: 'measure', index: 0, direction: 'desc' };
    plan.limit = null;
  }
  if (p.grain && !p.dimensions.length) {
    const time = plan.dimensions.find((d) => d.timeGrain);
    if (time) time.timeGrain = p.grain;
  }
  if (p.range && (plan.timeRange || dateColumn)) plan.timeRange = { column: plan.timeRange?.column ?? dateColumn!, ...p.range };
  if (p.direction && plan.dimensions.length) {
    plan.sort = { by: 'measure', index: 0, direction: p.direction };
    plan.limit = p.limit ?? plan.limit ?? 1;
  }
  if (p.share) plan.share = true;
  if (p.previousPeriod) plan.comparison = { kind: 'previousPeriod' };
  const unanswerable =
    (plan.share && (!plan.dimensions.length || plan.measures[0].aggregation === 'avg')) || (plan.comparison?.kind === 'previousPeriod' && !plan.timeRange);
  if (unanswerable) return { ok: false, code: 'analysis_question_not_understood', language: p.language };
  return { ok: true, plan, language: p.language };
}
