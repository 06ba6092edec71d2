import { monthOf } from '../../datasets/service.ts';

/**
 * Date words of a question turned into an inclusive range relative to `today`: hari ini, kemarin, minggu/bulan/
 * tahun ini and lalu, YTD, kuartal 3 2025 / Q3 2025, semester pertama 2025, Maret 2026, 7 hari terakhir, "dari 1 Juni
 * sampai 31 Agustus", "between 1 June and 31 August", 31/12/2025. Pure: `today` is given.
 */

export interface DateRange {
  from: string;
  to: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
export const parseYmd = (s: string) => new Date(`${s}T00:00:00Z`);
const day = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));
const monthEnd = (y: number, m: number) => day(y, m + 1, 0);
export const addDays = (s: string, n: number) => ymd(new Date(parseYmd(s).getTime() + n * 86_400_000));
const range = (from: Date, to: Date): DateRange => ({ from: ymd(from), to: ymd(to) });
const monthRange = (y: number, m: number) => range(day(y, m, 1), monthEnd(y, m));
const quarterRange = (y: number, q: number) => range(day(y, q * 3 - 2, 1), monthEnd(y, q * 3));

const MONTH =
  '(januari|january|jan|februari|february|feb|peb|maret|march|mar|april|apr|mei|may|juni|june|jun|juli|july|jul|agustus|august|agu|agt|aug|september|sept|sep|oktober|october|okt|oct|november|nopember|nov|desember|december|des|dec)';
const YEAR = '((?:19|20)\\d{2})';
const ORDINAL: Record<string, number> = {
  pertama: 1,
  kesatu: 1,
  satu: 1,
  first: 1,
  '1': 1,
  '1st': 1,
  kedua: 2,
  dua: 2,
  second: 2,
  '2': 2,
  '2nd': 2,
  ketiga: 3,
  tiga: 3,
  third: 3,
  '3': 3,
  '3rd': 3,
  keempat: 4,
  empat: 4,
  fourth: 4,
  '4': 4,
  '4th': 4,
};
const ORD = '(pertama|kesatu|satu|first|1st|1|kedua|dua|second|2nd|2|ketiga|tiga|third|3rd|3|keempat|empat|fourth|4th|4)';

/** The year a month name without a year means: this year, or last year for a month still to come. */
const yearOfMonth = (today: Date, m: number) => (m > today.getUTCMonth() + 1 ? today.getUTCFullYear() - 1 : today.getUTCFullYear());

interface Rule {
  re: RegExp;
  make: (m: RegExpExecArray, today: Date) => DateRange | undefined;
}

const dayOf = (d: string, mo: string, y: string | undefined, today: Date) => {
  const month = monthOf(mo)!;
  return day(y ? Number(y) : yearOfMonth(today, month), month, Number(d));
};
const weekStart = (d: Date) => new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * 86_400_000);
const UNIT_DAYS: Record<string, number> = { hari: 1, day: 1, days: 1, minggu: 7, pekan: 7, week: 7, weeks: 7 };

const RULES: Rule[] = [
  // Two dates: dari 1 Juni sampai 31 Agustus 2025, between 1 June and 31 August, 01/06/2025 - 31/08/2025.
  {
    re: new RegExp(
      `(?:dari |from |between |antara |sejak )?(?:tanggal |tgl )?(\\d{1,2}) ${MONTH}(?: ${YEAR})? (?:sampai|hingga|sd|s/d|-|to|until|and|dan|through) (?:tanggal |tgl )?(\\d{1,2}) ${MONTH}(?: ${YEAR})?`,
    ),
    make: (m, today) => {
      const toYear = m[6] ?? m[3];
      const to = dayOf(m[4], m[5], toYear, today);
      const from = dayOf(m[1], m[2], m[3] ?? String(to.getUTCFullYear()), today);
      return from <= to ? range(from, to) : undefined;
    },
  },
  {
    re: /(?:dari |from |between |antara )?(\d{1,2})[/-](\d{1,2})[/-]((?:19|20)\d{2}) (?:sampai|hingga|sd|s\/d|-|to|until|and|dan) (\d{1,2})[/-](\d{1,2})[/-]((?:19|20)\d{2})/,
    make: (m) => range(day(+m[3], +m[2], +m[1]), day(+m[6], +m[5], +m[4])),
  },
  // Two months: dari Juni sampai Agustus 2025, from June to August.
  {
    re: new RegExp(
      `(?:dari |from |between |antara )?(?:bulan )?${MONTH}(?: ${YEAR})? (?:sampai|hingga|sd|s/d|-|to|until|and|dan|through) (?:bulan )?${MONTH}(?: ${YEAR})?`,
    ),
    make: (m, today) => {
      const mt = monthOf(m[3])!;
      const yt = m[4] ? Number(m[4]) : m[2] ? Number(m[2]) : yearOfMonth(today, mt);
      const mf = monthOf(m[1])!;
      const yf = m[2] ? Number(m[2]) : mf <= mt ? yt : yt - 1;
      return range(day(yf, mf, 1), monthEnd(yt, mt));
    },
  },
  { re: /(\d{1,2})[/-](\d{1,2})[/-]((?:19|20)\d{2})/, make: (m) => range(day(+m[3], +m[2], +m[1]), day(+m[3], +m[2], +m[1])) },
  { re: /((?:19|20)\d{2})-(\d{2})-(\d{2})/, make: (m) => range(day(+m[1], +m[2], +m[3]), day(+m[1], +m[2], +m[3])) },
  {
    re: new RegExp(`(?:tanggal |tgl |on )?(\\d{1,2}) ${MONTH}(?: ${YEAR})?`),
    make: (m, today) => {
      const d = dayOf(m[1], m[2], m[3], today);
      return range(d, d);
    },
  },
  {
    re: new RegExp(`(?:kuartal|triwulan|quarter|kw) ${ORD}(?: (?:tahun |of )?${YEAR})?`),
    make: (m, today) => quarterRange(m[2] ? +m[2] : today.getUTCFullYear(), ORDINAL[m[1]]),
  },
  { re: new RegExp(`${ORD} quarter(?: (?:of )?${YEAR})?`), make: (m, today) => quarterRange(m[2] ? +m[2] : today.getUTCFullYear(), ORDINAL[m[1]]) },
  { re: new RegExp(`\\bq([1-4])(?: ${YEAR})?\\b`), make: (m, today) => quarterRange(m[2] ? +m[2] : today.getUTCFullYear(), +m[1]) },
  {
    re: new RegExp(`(?:semester|paruh|smt) ${ORD}(?: (?:tahun )?${YEAR})?`),
    make: (m, today) => {
      const y = m[2] ? +m[2] : today.getUTCFullYear();
      return ORDINAL[m[1]] === 1 ? range(day(y, 1, 1), day(y, 6, 30)) : range(day(y, 7, 1), day(y, 12, 31));
    },
  },
  {
    re: new RegExp(`(first|second) half(?: (?:of )?${YEAR})?|\\bh([12])(?: ${YEAR})?\\b`),
    make: (m, today) => {
      const y = Number(m[2] ?? m[4] ?? today.getUTCFullYear());
      return m[1] === 'first' || m[3] === '1' ? range(day(y, 1, 1), day(y, 6, 30)) : range(day(y, 7, 1), day(y, 12, 31));
    },
  },
  { re: new RegExp(`(?:bulan )?${MONTH} ${YEAR}`), make: (m) => monthRange(+m[2], monthOf(m[1])!) },
  {
    re: new RegExp(`(?:bulan |in |during )${MONTH}\\b`),
    make: (m, today) => {
      const mo = monthOf(m[1])!;
      return monthRange(yearOfMonth(today, mo), mo);
    },
  },
  {
    re: /\b(januari|january|februari|february|maret|march|april|juni|june|juli|july|agustus|august|september|oktober|october|november|nopember|desember|december|mei)\b/,
    make: (m, today) => {
      const mo = monthOf(m[1])!;
      return monthRange(yearOfMonth(today, mo), mo);
    },
  },
  {
    re: /\b(ytd|year to date|sepanjang tahun ini|dari awal tahun|sejak awal tahun|awal tahun sampai sekarang|tahun berjalan)\b/,
    make: (_m, t) => range(day(t.getUTCFullYear(), 1, 1), t),
  },
  { re: /\b(mtd|month to date|bulan berjalan|dari awal bulan)\b/, make: (_m, t) => range(day(t.getUTCFullYear(), t.getUTCMonth() + 1, 1), t) },
  { re: /\b(hari ini|today)\b/, make: (_m, t) => range(t, t) },
  {
    re: /\b(kemarin|kemaren|yesterday)\b/,
    make: (_m, t) => {
      const d = new Date(t.getTime() - 86_400_000);
      return range(d, d);
    },
  },
  {
    re: /\b(\d+|dua|tiga|empat|lima|enam|tujuh|sepuluh|two|three|four|five|six|seven|ten) (hari|minggu|pekan|bulan|tahun|days?|weeks?|months?|years?) (terakhir|belakangan|ke belakang)\b|\b(?:last|past) (\d+|two|three|four|five|six|seven|ten) (days?|weeks?|months?|years?)\b/,
    make: (m, t) => {
      const words: Record<string, number> = {
        dua: 2,
        tiga: 3,
        empat: 4,
        lima: 5,
        enam: 6,
        tujuh: 7,
        sepuluh: 10,
        two: 2,
        three: 3,
        four: 4,
        five: 5,
        six: 6,
        seven: 7,
        ten: 10,
      };
      const nText = m[1] ?? m[4];
      const n = words[nText] ?? Number(nText);
      const unit = m[2] ?? m[5];
      if (UNIT_DAYS[unit]) return range(new Date(t.getTime() - (n * UNIT_DAYS[unit] - 1) * 86_400_000), t);
      if (/^(bulan|month)/.test(unit)) return range(day(t.getUTCFullYear(), t.getUTCMonth() + 1 - n, t.getUTCDate() + 1), t);
      return range(day(t.getUTCFullYear() - n, t.getUTCMonth() + 1, t.getUTCDate() + 1), t);
    },
  },
  { re: /\b(minggu ini|pekan ini|this week)\b/, make: (_m, t) => range(weekStart(t), t) },
  {
    re: /\b(minggu lalu|minggu kemarin|minggu kemaren|pekan lalu|last week|previous week|minggu sebelumnya)\b/,
    make: (_m, t) => {
      const s = new Date(weekStart(t).getTime() - 7 * 86_400_000);
      return range(s, new Date(s.getTime() + 6 * 86_400_000));
    },
  },
  { re: /\b(bulan ini|this month)\b/, make: (_m, t) => monthRange(t.getUTCFullYear(), t.getUTCMonth() + 1) },
  {
    re: /\b(bulan lalu|bulan kemarin|bulan kemaren|last month|previous month|bulan sebelumnya|sebulan lalu)\b/,
    make: (_m, t) => {
      const d = day(t.getUTCFullYear(), t.getUTCMonth(), 1);
      return monthRange(d.getUTCFullYear(), d.getUTCMonth() + 1);
    },
  },
  { re: /\b(kuartal ini|triwulan ini|this quarter)\b/, make: (_m, t) => quarterRange(t.getUTCFullYear(), Math.floor(t.getUTCMonth() / 3) + 1) },
  {
    re: /\b(kuartal lalu|triwulan lalu|kuartal sebelumnya|last quarter|previous quarter)\b/,
    make: (_m, t) => {
      const q = Math.floor(t.getUTCMonth() / 3);
      return q === 0 ? quarterRange(t.getUTCFullYear() - 1, 4) : quarterRange(t.getUTCFullYear(), q);
    },
  },
  { re: /\b(tahun ini|this year)\b/, make: (_m, t) => range(day(t.getUTCFullYear(), 1, 1), day(t.getUTCFullYear(), 12, 31)) },
  {
    re: /\b(tahun lalu|tahun kemarin|tahun kemaren|last year|previous year|tahun sebelumnya|setahun lalu)\b/,
    make: (_m, t) => range(day(t.getUTCFullYear() - 1, 1, 1), day(t.getUTCFullYear() - 1, 12, 31)),
  },
  { re: new RegExp(`(?:tahun |in |year |during )?\\b${YEAR}\\b`), make: (m) => range(day(+m[1], 1, 1), day(+m[1], 12, 31)) },
];

/**
 * The first date expression of `text` (normalised) as a range, and the text with it blanked out; undefined range
 * when there is none. Longer forms are tried first, so "1 Juni sampai 31 Agustus" is one range and not two days.
 */
export function findDateRange(text: string, todayYmd: string): { range?: DateRange; rest: string } {
  const today = parseYmd(todayYmd);
  for (const rule of RULES) {
    const m = rule.re.exec(text);
    if (!m) continue;
    const found = rule.make(m, today);
    if (!found) continue;
    return { range: found, rest: `${text.slice(0, m.index)} ${text.slice(m.index + m[0].length)}`.replace(/\s+/g, ' ').trim() };
  }
  return { rest: text };
}

/** The range of the same length just before `r` (a whole month before a whole month, a year before a year). */
export function previousRange(r: DateRange): DateRange {
  const from = parseYmd(r.from);
  const to = parseYmd(r.to);
  const wholeMonths = from.getUTCDate() === 1 && addDays(r.to, 1).endsWith('-01');
  if (wholeMonths) {
    const months = (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + to.getUTCMonth() - from.getUTCMonth() + 1;
    const start = day(from.getUTCFullYear(), from.getUTCMonth() + 1 - months, 1);
    return range(start, new Date(from.getTime() - 86_400_000));
  }
  const days = Math.round((to.getTime() - from.getTime()) / 86_400_000) + 1;
  return { from: addDays(r.from, -days), to: addDays(r.from, -1) };
}

/** The number of days of a range, both ends counted. */
export const daysOf = (r: DateRange) => Math.round((parseYmd(r.to).getTime() - parseYmd(r.from).getTime()) / 86_400_000) + 1;

/** The unit a follow-up steps back by: "bulan sebelumnya" a month, "the year before" a year, "sebelumnya" a period of the range's own length. */
export type StepUnit = 'day' | 'week' | 'month' | 'quarter' | 'year' | 'period';
const STEP_MONTHS: Partial<Record<StepUnit, number>> = { month: 1, quarter: 3, year: 12 };
const STEP_DAYS: Partial<Record<StepUnit, number>> = { day: 1, week: 7 };

/** A date moved by whole months; the last day of a month stays the last day ("29 Feb" a year back is 28 Feb). */
function addMonths(s: string, n: number): string {
  const d = parseYmd(s);
  const target = day(d.getUTCFullYear(), d.getUTCMonth() + 1 + n, 1);
  const last = monthEnd(target.getUTCFullYear(), target.getUTCMonth() + 1).getUTCDate();
  const isLast = d.getUTCDate() === monthEnd(d.getUTCFullYear(), d.getUTCMonth() + 1).getUTCDate();
  return ymd(day(target.getUTCFullYear(), target.getUTCMonth() + 1, isLast ? last : Math.min(d.getUTCDate(), last)));
}

/**
 * The range a follow-up asking for the one before means: a range no longer than the unit moves back by one unit
 * (February 2026 "tahun sebelumnya" is February 2025; a month "the month before" is the month before); a range
 * longer than the unit answers the unit just before it (the year 2025 "bulan sebelumnya" is December 2024).
 */
export function stepBack(r: DateRange, unit: StepUnit): DateRange {
  const months = STEP_MONTHS[unit];
  const days = STEP_DAYS[unit];
  if (months) {
    const moved = { from: addMonths(r.from, -months), to: addMonths(r.to, -months) };
    if (moved.to < r.from) return moved;
    const from = parseYmd(r.from);
    const start = from.getUTCDate() === 1 ? addMonths(r.from, -months) : addDays(r.from, -daysOf({ from: addMonths(r.from, -months), to: r.from }) + 1);
    return { from: start, to: addDays(r.from, -1) };
  }
  if (days) return daysOf(r) <= days ? { from: addDays(r.from, -days), to: addDays(r.to, -days) } : { from: addDays(r.from, -days), to: addDays(r.from, -1) };
  return previousRange(r);
}
