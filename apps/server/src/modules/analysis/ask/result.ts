import { describeRange, measureLabel, type ChartSpec, type DatasetColumnType, type QueryPlan, type ResultColumn, type TimeGrain } from '@nusa/contracts';
import type { StoredColumn } from '../datasets/service.ts';

/**
 * The answer around a plan's rows: columns with labels in the question's language, rows as arrays (numbers as JSON
 * numbers), the chart that fits (a line for time, bars for categories, a pie only for shares of at most 6 parts, a
 * single big number for one figure) and an insight computed from the numbers. Pure.
 */

type Lang = 'id' | 'en';
type Cell = string | number | null;

const GRAIN_LABEL: Record<TimeGrain, Record<Lang, string>> = {
  day: { id: 'Tanggal', en: 'Date' },
  week: { id: 'Minggu', en: 'Week' },
  month: { id: 'Bulan', en: 'Month' },
  quarter: { id: 'Kuartal', en: 'Quarter' },
  year: { id: 'Tahun', en: 'Year' },
};
const WORDS = {
  share: { id: 'Porsi (%)', en: 'Share (%)' },
  previous: { id: 'periode sebelumnya', en: 'previous period' },
  change: { id: 'Perubahan (%)', en: 'Change (%)' },
} as const;

/**
 * A period as shown, in the answer's language: a month as "Maret 2026" / "March 2026", a quarter as "Kuartal 1 2026" /
 * "Q1 2026" (the words of the plan's description), a year as 2026; a day (the Monday of a week) stays YYYY-MM-DD, a
 * date the web writes in the interface language.
 */
export function periodLabel(value: string, grain: TimeGrain | undefined, lang: Lang): string {
  if (!grain || grain === 'day' || grain === 'week') return value;
  const [y, m] = value.split('-').map(Number);
  if (grain === 'year') return String(y);
  const first = grain === 'quarter' ? Math.floor((m - 1) / 3) * 3 + 1 : m;
  const last = grain === 'quarter' ? first + 2 : m;
  const pad = (n: number) => String(n).padStart(2, '0');
  const lastDay = new Date(Date.UTC(y, last, 0)).getUTCDate();
  return describeRange(`${y}-${pad(first)}-01`, `${y}-${pad(last)}-${lastDay}`, lang);
}

const measureType = (m: QueryPlan['measures'][number], cols: Map<string, StoredColumn>): DatasetColumnType => {
  if (m.column === null || m.aggregation === 'count' || m.aggregation === 'countDistinct') return 'number';
  return cols.get(m.column)!.type;
};

export interface Shaped {
  columns: ResultColumn[];
  rows: Cell[][];
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Math.round(Number(v) * 10_000) / 10_000);

/** Columns and rows of the answer; `previous` (rows of the period before, same plan) adds the previous value and the change. */
export function shapeResult(
  plan: QueryPlan,
  cols: Map<string, StoredColumn>,
  raw: Record<string, unknown>[],
  lang: Lang,
  previous?: Record<string, unknown>[],
): Shaped {
  const publicCols = [...cols.values()].map(({ key, label }) => ({ key, label }));
  const columns: ResultColumn[] = [];
  plan.dimensions.forEach((d, i) => {
    const c = cols.get(d.column)!;
    const label = d.timeGrain ? GRAIN_LABEL[d.timeGrain][lang] : c.label;
    columns.push({ key: `d${i}`, label, type: d.timeGrain && !['day', 'week'].includes(d.timeGrain) ? 'text' : c.type });
  });
  plan.measures.forEach((m, i) => {
    const label = measureLabel(m, publicCols, lang);
    columns.push({ key: `m${i}`, label, type: measureType(m, cols) });
    if (previous) columns.push({ key: `m${i}_prev`, label: `${label} (${WORDS.previous[lang]})`, type: measureType(m, cols) });
  });
  if (previous) columns.push({ key: 'change', label: WORDS.change[lang], type: 'percent' });
  if (plan.share) columns.push({ key: 'share', label: WORDS.share[lang], type: 'percent' });

  const keyOf = (r: Record<string, unknown>) => plan.dimensions.map((_, i) => String(r[`d${i}`])).join('\u0000');
  const before = new Map((previous ?? []).map((r) => [keyOf(r), r]));
  const rows = raw.map((r) => {
    const out: Cell[] = [];
    plan.dimensions.forEach((d, i) => {
      const v = r[`d${i}`];
      const c = cols.get(d.column)!;
      out.push(
        v === null || v === undefined
          ? null
          : d.timeGrain
            ? periodLabel(String(v), d.timeGrain, lang)
            : ['number', 'money', 'percent'].includes(c.type)
              ? num(v)
              : String(v),
      );
    });
    const prevRow = before.get(keyOf(r));
    plan.measures.forEach((m, i) => {
      const now = num(r[`m${i}`]);
      out.push(measureType(m, cols) === 'date' ? (r[`m${i}`] as string | null) : now);
      if (previous) out.push(measureType(m, cols) === 'date' ? null : num(prevRow?.[`m${i}`] ?? (plan.dimensions.length ? null : 0)));
    });
    if (previous) {
      const now = num(r.m0);
      const then = num(prevRow?.m0 ?? (plan.dimensions.length ? null : 0));
      out.push(now !== null && then ? Math.round(((now - then) / Math.abs(then)) * 10_000) / 100 : null);
    }
    if (plan.share) out.push(num(r.share));
    return out;
  });
  return { columns, rows };
}

/** A figure as a person reads it, in the web's forms (apps/web/src/app/format.ts): Rp 1.234.567 / Rp 1,234,567, 12,5% / 12.5%. */
export function formatValue(v: Cell, type: DatasetColumnType, lang: Lang): string {
  if (v === null) return '–';
  if (typeof v === 'string') return v;
  const locale = lang === 'id' ? 'id-ID' : 'en-US';
  const plain = v.toLocaleString(locale, { maximumFractionDigits: 2 });
  if (type === 'money') return `${v < 0 ? '-' : ''}Rp ${Math.abs(v).toLocaleString(locale, { maximumFractionDigits: 0 })}`;
  if (type === 'percent') return `${plain}%`;
  return plain;
}

/** The chart that fits the answer, as an ECharts option the web draws as it is. */
export function chooseChart(plan: QueryPlan, shaped: Shaped, title: string): ChartSpec {
  const { columns, rows } = shaped;
  const dims = plan.dimensions.length;
  const valueKeys = columns.filter((c) => /^m\d+$/.test(c.key) || c.key.endsWith('_prev')).map((c) => c.key);
  if (dims === 0) {
    const first = columns.findIndex((c) => c.key === 'm0');
    return { kind: 'number', title, categoryKey: null, valueKeys: ['m0'], option: { value: rows[0]?.[first] ?? null, label: columns[first]?.label ?? '' } };
  }
  const at = (key: string) => columns.findIndex((c) => c.key === key);
  const categories = rows.map((r) => String(r[0] ?? '–'));
  if (dims > 1) {
    if (plan.dimensions[0].timeGrain) {
      // Time along the axis, one line per value of the second dimension.
      const periods = [...new Set(categories)];
      const names = [...new Set(rows.map((r) => String(r[1] ?? '–')))];
      const series = names.map((name) => ({
        type: 'line',
        name,
        data: periods.map((p) => rows.find((r) => String(r[0]) === p && String(r[1] ?? '–') === name)?.[at('m0')] ?? null),
      }));
      return {
        kind: 'line',
        title,
        categoryKey: 'd0',
        valueKeys: ['m0'],
        option: { tooltip: { trigger: 'axis' }, legend: { data: names }, xAxis: { type: 'category', data: periods }, yAxis: { type: 'value' }, series },
      };
    }
    return { kind: 'table', title, categoryKey: null, valueKeys, option: {} };
  }
  if (plan.share && rows.length <= 6) {
    return {
      kind: 'pie',
      title,
      categoryKey: 'd0',
      valueKeys: ['m0'],
      option: {
        tooltip: { trigger: 'item' },
        series: [{ type: 'pie', radius: '65%', data: rows.map((r, i) => ({ name: categories[i], value: r[at('m0')] })) }],
      },
    };
  }
  const kind = plan.dimensions[0].timeGrain ? 'line' : 'bar';
  const series = valueKeys.map((key) => ({ type: kind, name: columns[at(key)].label, data: rows.map((r) => r[at(key)]) }));
  return {
    kind,
    title,
    categoryKey: 'd0',
    valueKeys,
    option: {
      tooltip: { trigger: 'axis' },
      legend: { data: series.map((s) => s.name) },
      xAxis: { type: 'category', data: categories },
      yAxis: { type: 'value' },
      series,
    },
  };
}

/**
 * Two or three sentences from the numbers: the figure and its change for one number; the largest and smallest
 * contributors, their share and any outlier for categories; the peak, the low and the change from first to last
 * for time. Nothing that is not in the rows.
 */
export function writeInsight(plan: QueryPlan, shaped: Shaped, lang: Lang): string {
  const { columns, rows } = shaped;
  const id = lang === 'id';
  if (rows.length === 0)
    return id
      ? 'Tidak ada data yang cocok dengan pertanyaan ini; coba periode atau nilai lain.'
      : 'No data matches this question; try another period or value.';
  const m0 = columns.findIndex((c) => c.key === 'm0');
  const type = columns[m0].type;
  const label = columns[m0].label;
  const fmt = (v: Cell) => formatValue(v, type, lang);
  const pct = (v: number) => formatValue(Math.round(v * 100) / 100, 'percent', lang);
  const when = plan.timeRange
    ? id
      ? ` pada ${describeRange(plan.timeRange.from, plan.timeRange.to, lang)}`
      : ` in ${describeRange(plan.timeRange.from, plan.timeRange.to, lang)}`
    : '';
  const change = columns.findIndex((c) => c.key === 'change');
  const prev = columns.findIndex((c) => c.key === 'm0_prev');
  const sentences: string[] = [];

  if (!plan.dimensions.length) {
    sentences.push(id ? `${label}${when} adalah ${fmt(rows[0][m0])}.` : `${label}${when} is ${fmt(rows[0][m0])}.`);
    if (change >= 0) {
      const c = rows[0][change];
      const p = fmt(rows[0][prev]);
      if (typeof c === 'number')
        sentences.push(
          id
            ? `${c >= 0 ? 'Naik' : 'Turun'} ${pct(Math.abs(c))} dibanding periode sebelumnya (${p}).`
            : `${c >= 0 ? 'Up' : 'Down'} ${pct(Math.abs(c))} on the previous period (${p}).`,
        );
      else sentences.push(id ? `Periode sebelumnya tidak memiliki data untuk dibandingkan.` : 'The previous period has no data to compare with.');
    }
    return sentences.join(' ');
  }

  const values = rows.map((r) => r[m0]).filter((v): v is number => typeof v === 'number');
  const name = (r: Cell[]) => plan.dimensions.map((_, i) => String(r[i] ?? '–')).join(' / ');
  const total = values.reduce((a, b) => a + b, 0);
  const additive = plan.measures[0].aggregation === 'sum' || plan.measures[0].aggregation === 'count';

  if (plan.dimensions[0].timeGrain && plan.dimensions.length === 1) {
    const withValues = rows.filter((r) => typeof r[m0] === 'number');
    if (!withValues.length) return sentences.join(' ');
    const peak = withValues.reduce((a, b) => ((b[m0] as number) > (a[m0] as number) ? b : a));
    const low = withValues.reduce((a, b) => ((b[m0] as number) < (a[m0] as number) ? b : a));
    sentences.push(
      id
        ? `${label} tertinggi pada ${name(peak)} (${fmt(peak[m0])}) dan terendah pada ${name(low)} (${fmt(low[m0])}).`
        : `${label} peaked in ${name(peak)} (${fmt(peak[m0])}) and was lowest in ${name(low)} (${fmt(low[m0])}).`,
    );
    const first = withValues[0][m0] as number;
    const last = withValues[withValues.length - 1][m0] as number;
    if (withValues.length > 1 && first !== 0) {
      const c = ((last - first) / Math.abs(first)) * 100;
      sentences.push(
        id
          ? `Dari ${name(withValues[0])} ke ${name(withValues[withValues.length - 1])} ${c >= 0 ? 'naik' : 'turun'} ${pct(Math.abs(c))}.`
          : `From ${name(withValues[0])} to ${name(withValues[withValues.length - 1])} it ${c >= 0 ? 'rose' : 'fell'} ${pct(Math.abs(c))}.`,
      );
    }
    return sentences.join(' ');
  }

  const sorted = [...rows].filter((r) => typeof r[m0] === 'number').sort((a, b) => (b[m0] as number) - (a[m0] as number));
  if (!sorted.length) return sentences.join(' ');
  const top = sorted[0];
  const share = additive && total > 0 ? ` (${pct(((top[m0] as number) / total) * 100)} ${id ? 'dari total' : 'of the total'} ${fmt(total)})` : '';
  if (plan.comparison?.kind === 'values' && sorted.length >= 2) {
    const second = sorted[1];
    const diff = (second[m0] as number) !== 0 ? (((top[m0] as number) - (second[m0] as number)) / Math.abs(second[m0] as number)) * 100 : null;
    sentences.push(sorted.map((r) => `${name(r)}: ${fmt(r[m0])}`).join(', ') + '.');
    if (diff !== null)
      sentences.push(id ? `${name(top)} lebih tinggi ${pct(diff)} daripada ${name(second)}.` : `${name(top)} is ${pct(diff)} higher than ${name(second)}.`);
    return sentences.join(' ');
  }
  if (sorted.length === 1) {
    sentences.push(id ? `${name(top)}: ${label} ${fmt(top[m0])}${when}.` : `${name(top)}: ${label} ${fmt(top[m0])}${when}.`);
    return sentences.join(' ');
  }
  sentences.push(id ? `Terbesar: ${name(top)} dengan ${fmt(top[m0])}${share}.` : `Largest: ${name(top)} with ${fmt(top[m0])}${share}.`);
  const bottom = sorted[sorted.length - 1];
  sentences.push(id ? `Terkecil: ${name(bottom)} dengan ${fmt(bottom[m0])}.` : `Smallest: ${name(bottom)} with ${fmt(bottom[m0])}.`);
  if (sorted.length >= 4) {
    const others = sorted.slice(1).map((r) => r[m0] as number);
    const mean = others.reduce((a, b) => a + b, 0) / others.length;
    if (mean > 0 && (top[m0] as number) > 2 * mean) {
      sentences.push(
        id
          ? `${name(top)} menonjol: lebih dari dua kali rata-rata yang lain (${fmt(Math.round(mean))}).`
          : `${name(top)} stands out: more than twice the average of the others (${fmt(Math.round(mean))}).`,
      );
    }
  }
  return sentences.join(' ');
}
