import { describe, expect, it } from 'vitest';
import type { QueryPlan } from '@nusa/contracts';
import { findDateRange, previousRange, stepBack } from './dates.ts';
import { parseQuestion, type ParseContext } from './parse.ts';
import { damerauLevenshtein, sameWord, trigramSimilarity } from './text.ts';

const DS = '01900000-0000-7000-8000-000000000001';
const ctx: ParseContext = {
  datasetId: DS,
  today: '2026-03-15',
  columns: [
    { key: 'c1', label: 'Tanggal', type: 'date' },
    { key: 'c2', label: 'Cabang', type: 'text' },
    { key: 'c3', label: 'Produk', type: 'text' },
    { key: 'c4', label: 'Segmen', type: 'text' },
    { key: 'c5', label: 'Qty', type: 'number' },
    { key: 'c6', label: 'Penjualan', type: 'money' },
    { key: 'c7', label: 'Pelanggan', type: 'text' },
  ],
  values: {
    c2: ['Surabaya', 'Jakarta', 'Bandung', 'Medan'],
    c3: ['Kopi Susu', 'Teh Melati', 'Roti Bakar', 'Es Jeruk', 'Nasi Goreng'],
    c4: ['Retail', 'Grosir', 'Online'],
    c7: ['Budi Santoso', 'Andi Wijaya', 'Toko Makmur'],
  },
};

const FEB = { column: 'c1', from: '2026-02-01', to: '2026-02-28' };
const MAR = { column: 'c1', from: '2026-03-01', to: '2026-03-31' };
const byBranch = { column: 'c2' };
const byProduct = { column: 'c3' };
const desc = { by: 'measure', index: 0, direction: 'desc' };
const asc = { by: 'measure', index: 0, direction: 'asc' };
const byTime = { by: 'dimension', index: 0, direction: 'asc' };
const eq = (column: string, value: string) => ({ column, op: 'eq', values: [value] });

/** The plan fields a case sets (checked against the parser's whole plan with toEqual). */
type Expect = Record<string, unknown>;
const base: Omit<QueryPlan, 'datasetId'> = {
  measures: [{ column: 'c6', aggregation: 'sum', label: '' }],
  dimensions: [],
  filters: [],
  timeRange: null,
  sort: null,
  limit: null,
  comparison: null,
  share: false,
};

/** Question, the plan expected (the fields that differ from "total sales, everything"), and the language. */
const CASES: [string, Expect, 'id' | 'en'][] = [
  // Totals with value filters and dates
  ['berapa omzet cabang Surabaya bulan lalu?', { filters: [eq('c2', 'Surabaya')], timeRange: FEB }, 'id'],
  ['omset surabya bulan lalu', { filters: [eq('c2', 'Surabaya')], timeRange: FEB }, 'id'],
  ['total penjualan bulan ini', { timeRange: MAR }, 'id'],
  ['pendapatan Jakarta tahun ini', { filters: [eq('c2', 'Jakarta')], timeRange: { column: 'c1', from: '2026-01-01', to: '2026-12-31' } }, 'id'],
  ['total revenue last year', { timeRange: { column: 'c1', from: '2025-01-01', to: '2025-12-31' } }, 'en'],
  ['sales in Bandung last month', { filters: [eq('c2', 'Bandung')], timeRange: FEB }, 'en'],
  ['How much turnover did Medan make in March 2026?', { filters: [eq('c2', 'Medan')], timeRange: MAR }, 'en'],
  ['penjualan kemarin', { timeRange: { column: 'c1', from: '2026-03-14', to: '2026-03-14' } }, 'id'],
  ['sales yesterday', { timeRange: { column: 'c1', from: '2026-03-14', to: '2026-03-14' } }, 'en'],
  ['omzet hari ini', { timeRange: { column: 'c1', from: '2026-03-15', to: '2026-03-15' } }, 'id'],
  ['penjualan minggu lalu', { timeRange: { column: 'c1', from: '2026-03-02', to: '2026-03-08' } }, 'id'],
  ['revenue this week', { timeRange: { column: 'c1', from: '2026-03-09', to: '2026-03-15' } }, 'en'],
  ['omzet YTD', { timeRange: { column: 'c1', from: '2026-01-01', to: '2026-03-15' } }, 'id'],
  ['sales year to date in Surabaya', { filters: [eq('c2', 'Surabaya')], timeRange: { column: 'c1', from: '2026-01-01', to: '2026-03-15' } }, 'en'],
  ['penjualan kuartal 3 2025', { timeRange: { column: 'c1', from: '2025-07-01', to: '2025-09-30' } }, 'id'],
  ['revenue Q3 2025', { timeRange: { column: 'c1', from: '2025-07-01', to: '2025-09-30' } }, 'en'],
  ['sales in the second quarter of 2025', { timeRange: { column: 'c1', from: '2025-04-01', to: '2025-06-30' } }, 'en'],
  ['omzet semester pertama 2025', { timeRange: { column: 'c1', from: '2025-01-01', to: '2025-06-30' } }, 'id'],
  ['revenue first half 2025', { timeRange: { column: 'c1', from: '2025-01-01', to: '2025-06-30' } }, 'en'],
  ['penjualan Maret 2026', { timeRange: MAR }, 'id'],
  ['penjualan bulan desember', { timeRange: { column: 'c1', from: '2025-12-01', to: '2025-12-31' } }, 'id'],
  ['sales between 1 June and 31 August 2025', { timeRange: { column: 'c1', from: '2025-06-01', to: '2025-08-31' } }, 'en'],
  ['omzet dari 1 Juni sampai 31 Agustus 2025', { timeRange: { column: 'c1', from: '2025-06-01', to: '2025-08-31' } }, 'id'],
  ['penjualan dari juni sampai agustus 2025', { timeRange: { column: 'c1', from: '2025-06-01', to: '2025-08-31' } }, 'id'],
  ['sales from 01/01/2026 to 31/01/2026', { timeRange: { column: 'c1', from: '2026-01-01', to: '2026-01-31' } }, 'en'],
  ['penjualan 7 hari terakhir', { timeRange: { column: 'c1', from: '2026-03-09', to: '2026-03-15' } }, 'id'],
  ['revenue in the last 30 days', { timeRange: { column: 'c1', from: '2026-02-14', to: '2026-03-15' } }, 'en'],
  ['omzet tahun 2025', { timeRange: { column: 'c1', from: '2025-01-01', to: '2025-12-31' } }, 'id'],
  ['penjualan produk Kopi Susu', { filters: [eq('c3', 'Kopi Susu')] }, 'id'],
  ['penjualan segmen online bulan lalu', { filters: [eq('c4', 'Online')], timeRange: FEB }, 'id'],
  ['penjualan Surabaya segmen Grosir', { filters: [eq('c2', 'Surabaya'), eq('c4', 'Grosir')] }, 'id'],
  // Group by
  ['penjualan per cabang', { dimensions: [byBranch], sort: desc }, 'id'],
  ['sales by branch in March 2026', { dimensions: [byBranch], sort: desc, timeRange: MAR }, 'en'],
  ['omzet tiap toko bulan lalu', { dimensions: [byBranch], sort: desc, timeRange: FEB }, 'id'],
  ['revenue per product', { dimensions: [byProduct], sort: desc }, 'en'],
  ['penjualan per barang di cabang Medan', { dimensions: [byProduct], sort: desc, filters: [eq('c2', 'Medan')] }, 'id'],
  ['qty per produk', { measures: [{ column: 'c5', aggregation: 'sum', label: '' }], dimensions: [byProduct], sort: desc }, 'id'],
  ['quantity by segment', { measures: [{ column: 'c5', aggregation: 'sum', label: '' }], dimensions: [{ column: 'c4' }], sort: desc }, 'en'],
  // Top / bottom
  ['5 produk terlaris', { dimensions: [byProduct], sort: desc, limit: 5 }, 'id'],
  ['top 3 branches by revenue last month', { dimensions: [byBranch], sort: desc, limit: 3, timeRange: FEB }, 'en'],
  ['cabang dengan penjualan tertinggi', { dimensions: [byBranch], sort: desc, limit: 1 }, 'id'],
  [
    'produk terendah penjualannya tahun lalu',
    { dimensions: [byProduct], sort: asc, limit: 1, timeRange: { column: 'c1', from: '2025-01-01', to: '2025-12-31' } },
    'id',
  ],
  ['bottom 2 products', { dimensions: [byProduct], sort: asc, limit: 2 }, 'en'],
  ['tiga cabang terbawah', { dimensions: [byBranch], sort: asc, limit: 3 }, 'id'],
  ['best selling product by quantity', { measures: [{ column: 'c5', aggregation: 'sum', label: '' }], dimensions: [byProduct], sort: desc, limit: 1 }, 'en'],
  ['10 pelanggan teratas', { dimensions: [{ column: 'c7' }], sort: desc, limit: 10 }, 'id'],
  // Averages, counts, min/max
  ['rata-rata penjualan per transaksi bulan lalu', { measures: [{ column: 'c6', aggregation: 'avg', label: '' }], timeRange: FEB }, 'id'],
  ['average sales per branch', { measures: [{ column: 'c6', aggregation: 'avg', label: '' }], dimensions: [byBranch], sort: desc }, 'en'],
  ['rata rata qty', { measures: [{ column: 'c5', aggregation: 'avg', label: '' }] }, 'id'],
  ['berapa banyak transaksi bulan ini', { measures: [{ column: null, aggregation: 'count', label: '' }], timeRange: MAR }, 'id'],
  ['how many transactions in Jakarta', { measures: [{ column: null, aggregation: 'count', label: '' }], filters: [eq('c2', 'Jakarta')] }, 'en'],
  ['jumlah transaksi per cabang', { measures: [{ column: null, aggregation: 'count', label: '' }], dimensions: [byBranch], sort: desc }, 'id'],
  [
    'berapa banyak pelanggan tahun ini',
    { measures: [{ column: 'c7', aggregation: 'countDistinct', label: '' }], timeRange: { column: 'c1', from: '2026-01-01', to: '2026-12-31' } },
    'id',
  ],
  ['how many customers per branch', { measures: [{ column: 'c7', aggregation: 'countDistinct', label: '' }], dimensions: [byBranch], sort: desc }, 'en'],
  ['penjualan tertinggi bulan ini', { measures: [{ column: 'c6', aggregation: 'max', label: '' }], timeRange: MAR }, 'id'],
  ['lowest sale last month', { measures: [{ column: 'c6', aggregation: 'min', label: '' }], timeRange: FEB }, 'en'],
  // Shares
  ['persentase penjualan per cabang', { dimensions: [byBranch], sort: desc, share: true }, 'id'],
  [
    'share of revenue by segment this year',
    { dimensions: [{ column: 'c4' }], sort: desc, share: true, timeRange: { column: 'c1', from: '2026-01-01', to: '2026-12-31' } },
    'en',
  ],
  ['porsi omzet tiap produk', { dimensions: [byProduct], sort: desc, share: true }, 'id'],
  // Comparisons
  [
    'bandingkan penjualan Surabaya vs Jakarta',
    {
      dimensions: [byBranch],
      sort: desc,
      filters: [{ column: 'c2', op: 'in', values: ['Surabaya', 'Jakarta'] }],
      comparison: { kind: 'values', column: 'c2', values: ['Surabaya', 'Jakarta'] },
    },
    'id',
  ],
  [
    'compare revenue of Bandung and Medan last month',
    {
      dimensions: [byBranch],
      sort: desc,
      filters: [{ column: 'c2', op: 'in', values: ['Bandung', 'Medan'] }],
      comparison: { kind: 'values', column: 'c2', values: ['Bandung', 'Medan'] },
      timeRange: FEB,
    },
    'en',
  ],
  ['penjualan bulan ini dibanding bulan lalu', { timeRange: MAR, comparison: { kind: 'previousPeriod' } }, 'id'],
  ['revenue growth this month', { timeRange: MAR, comparison: { kind: 'previousPeriod' } }, 'en'],
  // Trends
  ['tren penjualan bulanan', { dimensions: [{ column: 'c1', timeGrain: 'month' }], sort: byTime }, 'id'],
  [
    'penjualan per bulan tahun lalu',
    { dimensions: [{ column: 'c1', timeGrain: 'month' }], sort: byTime, timeRange: { column: 'c1', from: '2025-01-01', to: '2025-12-31' } },
    'id',
  ],
  ['weekly sales trend in Surabaya', { dimensions: [{ column: 'c1', timeGrain: 'week' }], sort: byTime, filters: [eq('c2', 'Surabaya')] }, 'en'],
  ['omzet setiap minggu bulan ini', { dimensions: [{ column: 'c1', timeGrain: 'week' }], sort: byTime, timeRange: MAR }, 'id'],
  ['daily revenue last month', { dimensions: [{ column: 'c1', timeGrain: 'day' }], sort: byTime, timeRange: FEB }, 'en'],
  [
    'penjualan per kuartal 2025',
    { dimensions: [{ column: 'c1', timeGrain: 'quarter' }], sort: byTime, timeRange: { column: 'c1', from: '2025-01-01', to: '2025-12-31' } },
    'id',
  ],
  ['yearly revenue', { dimensions: [{ column: 'c1', timeGrain: 'year' }], sort: byTime }, 'en'],
  ['tren penjualan bulan lalu', { dimensions: [{ column: 'c1', timeGrain: 'day' }], sort: byTime, timeRange: FEB }, 'id'],
  [
    '3 cabang dengan penjualan tertinggi tahun lalu',
    { dimensions: [byBranch], sort: desc, limit: 3, timeRange: { column: 'c1', from: '2025-01-01', to: '2025-12-31' } },
    'id',
  ],
  [
    'transaksi terkecil tahun lalu',
    { measures: [{ column: 'c6', aggregation: 'min', label: '' }], timeRange: { column: 'c1', from: '2025-01-01', to: '2025-12-31' } },
    'id',
  ],
  ['number of transactions per branch', { measures: [{ column: null, aggregation: 'count', label: '' }], dimensions: [byBranch], sort: desc }, 'en'],
  ['online segment sales this month', { filters: [eq('c4', 'Online')], timeRange: MAR }, 'en'],
  // Number filters
  [
    'berapa transaksi di atas 1 juta',
    { measures: [{ column: null, aggregation: 'count', label: '' }], filters: [{ column: 'c6', op: 'gt', values: [1000000] }] },
    'id',
  ],
  ['sales with qty more than 5', { filters: [{ column: 'c5', op: 'gt', values: [5] }] }, 'en'],
];

describe('the local question parser', () => {
  it.each(CASES)('%s', (question, expected, language) => {
    const out = parseQuestion(question, ctx);
    expect(out).toEqual({ ok: true, language, plan: { datasetId: DS, ...base, ...expected } });
  });

  it('has a table of at least 60 questions in both languages', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(60);
    expect(CASES.filter((c) => c[2] === 'en').length).toBeGreaterThanOrEqual(25);
  });

  it.each([
    'hapus semua data penjualan',
    'delete all sales in Surabaya',
    'update penjualan Jakarta jadi 0',
    'ubah harga produk',
    'drop table analysis_rows',
    'select * from users',
    'tampilkan password semua pengguna',
    'show me the users table',
    'penjualan; DROP TABLE x',
    'show data from other tables',
    'tampilkan data perusahaan lain',
    'tambahkan transaksi baru',
  ])('refuses "%s"', (question) => {
    expect(parseQuestion(question, ctx)).toMatchObject({ ok: false, code: 'analysis_request_refused' });
  });

  it.each(['halo apa kabar', 'what is the weather tomorrow', 'berapa suhu di Bogor', 'omzet cabang Bogor bulan lalu', 'siapa presiden indonesia'])(
    'does not guess at "%s"',
    (question) => expect(parseQuestion(question, ctx)).toMatchObject({ ok: false, code: 'analysis_question_not_understood' }),
  );

  describe('follow-ups keep the context', () => {
    const first = parseQuestion('berapa omzet cabang Surabaya bulan lalu?', ctx);
    if (!first.ok) throw new Error('first question not parsed');
    const previous = first.plan;
    const follow = (q: string) => parseQuestion(q, { ...ctx, previous });

    it('the month before', () =>
      expect(follow('bagaimana dengan bulan sebelumnya?')).toMatchObject({
        ok: true,
        plan: { ...previous, timeRange: { column: 'c1', from: '2026-01-01', to: '2026-01-31' } },
      }));
    it('another branch', () => expect(follow('kalau Jakarta?')).toMatchObject({ ok: true, plan: { ...previous, filters: [eq('c2', 'Jakarta')] } }));
    it('another period, in English', () =>
      expect(follow('what about this year?')).toMatchObject({
        ok: true,
        language: 'en',
        plan: { ...previous, timeRange: { column: 'c1', from: '2026-01-01', to: '2026-12-31' } },
      }));
    it('per product', () => expect(follow('kalau per produk?')).toMatchObject({ ok: true, plan: { ...previous, dimensions: [byProduct], sort: desc } }));
    it('a new question starts afresh', () =>
      expect(follow('penjualan per cabang')).toMatchObject({ ok: true, plan: { ...base, dimensions: [byBranch], sort: desc } }));
    it('a follow-up that names nothing is not understood', () =>
      expect(follow('kalau itu?')).toMatchObject({ ok: false, code: 'analysis_question_not_understood' }));

    const JAN = { column: 'c1', from: '2026-01-01', to: '2026-01-31' };
    const FEB_2025 = { column: 'c1', from: '2025-02-01', to: '2025-02-28' };
    const NOV_2025 = { column: 'c1', from: '2025-11-01', to: '2025-11-30' };
    const surabaya = [eq('c2', 'Surabaya')];
    it.each<[string, Expect, 'id' | 'en']>([
      // The period before, stepped back from the last question's (February 2026), not from today.
      ['what about the previous month?', { timeRange: JAN }, 'en'],
      ['and the month before?', { timeRange: JAN }, 'en'],
      ['dan bulan sebelumnya?', { timeRange: JAN }, 'id'],
      ['sebelumnya?', { timeRange: JAN }, 'id'],
      ['how about the previous year?', { timeRange: FEB_2025 }, 'en'],
      ['bagaimana dengan tahun sebelumnya?', { timeRange: FEB_2025 }, 'id'],
      ['a year earlier?', { timeRange: FEB_2025 }, 'en'],
      ['what about the previous quarter?', { timeRange: NOV_2025 }, 'en'],
      ['kuartal sebelumnya?', { timeRange: NOV_2025 }, 'id'],
      // The same for another branch.
      ['same for Jakarta', { filters: [eq('c2', 'Jakarta')], timeRange: FEB }, 'en'],
      ['what about Bandung?', { filters: [eq('c2', 'Bandung')], timeRange: FEB }, 'en'],
      ['sama untuk cabang Bandung', { filters: [eq('c2', 'Bandung')], timeRange: FEB }, 'id'],
      // As a chart per week: the last figure over the weeks of its period.
      ['as a chart per week', { filters: surabaya, timeRange: FEB, dimensions: [{ column: 'c1', timeGrain: 'week' }], sort: byTime }, 'en'],
      ['show it weekly', { filters: surabaya, timeRange: FEB, dimensions: [{ column: 'c1', timeGrain: 'week' }], sort: byTime }, 'en'],
      ['tampilkan per minggu', { filters: surabaya, timeRange: FEB, dimensions: [{ column: 'c1', timeGrain: 'week' }], sort: byTime }, 'id'],
      ['jadikan grafik per hari', { filters: surabaya, timeRange: FEB, dimensions: [{ column: 'c1', timeGrain: 'day' }], sort: byTime }, 'id'],
    ])('follows "%s" on from Surabaya last month', (question, expected, language) =>
      expect(follow(question)).toEqual({ ok: true, language, plan: { ...base, datasetId: DS, filters: surabaya, ...expected } }),
    );

    const perBranch = parseQuestion('penjualan per cabang bulan lalu', ctx);
    if (!perBranch.ok) throw new Error('per branch not parsed');
    it.each<[string, 'id' | 'en']>([
      ['only the top 5', 'en'],
      ['just the top 5', 'en'],
      ['hanya 5 teratas', 'id'],
      ['top 5 saja', 'id'],
      ['kalau 5 terbesar?', 'id'],
    ])('narrows "%s" to the top five branches', (question, language) =>
      expect(parseQuestion(question, { ...ctx, previous: perBranch.plan })).toEqual({
        ok: true,
        language,
        plan: { ...perBranch.plan, sort: desc, limit: 5 },
      }),
    );
    it('"last month" in a follow-up is still the month before today', () =>
      expect(parseQuestion('what about last month?', { ...ctx, previous: { ...previous, timeRange: MAR } })).toMatchObject({
        ok: true,
        plan: { timeRange: FEB },
      }));
  });
});

describe('parser text helpers', () => {
  it('counts typos with swaps as one', () => {
    expect(damerauLevenshtein('penjulaan', 'penjualan')).toBe(1);
    expect(damerauLevenshtein('surabya', 'surabaya')).toBe(1);
    expect(damerauLevenshtein('kopi', 'kopi')).toBe(0);
    expect(trigramSimilarity('penjualan', 'penjualan')).toBe(1);
    expect(sameWord('pnjualan', 'penjualan')).toBe(true);
    expect(sameWord('toko', 'teko')).toBe(false);
    expect(sameWord('jakarat', 'jakarta')).toBe(true);
  });
  it('finds date ranges and the period before', () => {
    expect(findDateRange('penjualan bulan lalu', '2026-01-10').range).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(findDateRange('sales q4', '2026-01-10').range).toEqual({ from: '2026-10-01', to: '2026-12-31' });
    expect(previousRange({ from: '2026-03-01', to: '2026-03-31' })).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(previousRange({ from: '2026-01-01', to: '2026-06-30' })).toEqual({ from: '2025-07-01', to: '2025-12-31' });
    expect(previousRange({ from: '2026-03-09', to: '2026-03-15' })).toEqual({ from: '2026-03-02', to: '2026-03-08' });
  });
  it('steps back by the unit a follow-up names', () => {
    const feb = { from: '2026-02-01', to: '2026-02-28' };
    expect(stepBack(feb, 'month')).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    expect(stepBack(feb, 'year')).toEqual({ from: '2025-02-01', to: '2025-02-28' });
    expect(stepBack({ from: '2024-02-01', to: '2024-02-29' }, 'year')).toEqual({ from: '2023-02-01', to: '2023-02-28' });
    expect(stepBack({ from: '2025-01-01', to: '2025-12-31' }, 'month')).toEqual({ from: '2024-12-01', to: '2024-12-31' });
    expect(stepBack({ from: '2025-01-01', to: '2025-12-31' }, 'year')).toEqual({ from: '2024-01-01', to: '2024-12-31' });
    expect(stepBack({ from: '2026-03-09', to: '2026-03-15' }, 'week')).toEqual({ from: '2026-03-02', to: '2026-03-08' });
    expect(stepBack({ from: '2026-03-14', to: '2026-03-14' }, 'day')).toEqual({ from: '2026-03-13', to: '2026-03-13' });
    expect(stepBack(feb, 'period')).toEqual(previousRange(feb));
  });
});
