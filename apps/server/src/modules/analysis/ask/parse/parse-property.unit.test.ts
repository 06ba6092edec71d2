import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { queryPlan } from '@nusa/contracts';
import type { DatasetRecord, StoredColumn } from '../../datasets/service.ts';
import { validatePlan } from '../query.ts';
import { parseQuestion, type ParseContext } from './parse.ts';

const columns: StoredColumn[] = [
  { key: 'c1', label: 'Tanggal', type: 'date', slot: 'date_1' },
  { key: 'c2', label: 'Cabang', type: 'text', slot: 'text_1', values: ['Surabaya', 'Jakarta', 'Bandung'] },
  { key: 'c3', label: 'Produk', type: 'text', slot: 'text_2', values: ['Kopi Susu', 'Teh Melati'] },
  { key: 'c4', label: 'Qty', type: 'number', slot: 'num_1' },
  { key: 'c5', label: 'Penjualan', type: 'money', slot: 'num_2' },
];
const dataset = { id: '01900000-0000-7000-8000-000000000001', columns } as DatasetRecord;
const ctx: ParseContext = {
  datasetId: dataset.id,
  today: '2026-03-15',
  columns: columns.map(({ key, label, type }) => ({ key, label, type })),
  values: { c2: columns[1].values!, c3: columns[2].values! },
};

/** Words questions are made of: columns, values, dates, aggregations, rankings, glue, noise and attack words. */
const WORDS = [
  'berapa',
  'omzet',
  'penjualan',
  'sales',
  'revenue',
  'cabang',
  'branch',
  'produk',
  'product',
  'qty',
  'Surabaya',
  'Jakarta',
  'Bandung',
  'kopi susu',
  'bulan lalu',
  'last month',
  'tahun ini',
  'kuartal 3 2025',
  'Q1 2026',
  'semester pertama',
  'YTD',
  'Maret 2026',
  'dari 1 Juni sampai 31 Agustus',
  'per',
  'by',
  'tiap',
  'rata-rata',
  'average',
  'berapa banyak',
  'how many',
  'transaksi',
  'top 5',
  'terlaris',
  'terendah',
  'bottom 2',
  'persentase',
  'share',
  'vs',
  'bandingkan',
  'dibanding bulan lalu',
  'tren',
  'bulanan',
  'weekly',
  'per hari',
  'di atas 1 juta',
  'less than 5',
  'dan',
  'and',
  'the',
  'kalau',
  'bagaimana dengan',
  'sebelumnya',
  'xyz',
  'cuaca',
  '42',
  'tanggal',
  'hapus',
  'select',
  '%',
  '2025',
];

describe('the parser never proposes a plan the validator refuses', () => {
  it('for any mix of question words, with or without a previous plan', () => {
    const first = parseQuestion('penjualan per cabang bulan lalu', ctx);
    if (!first.ok) throw new Error('seed question not parsed');
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 8 }), fc.boolean(), (words, followUp) => {
        const out = parseQuestion(words.join(' '), followUp ? { ...ctx, previous: first.plan } : ctx);
        if (!out.ok) {
          expect(['analysis_request_refused', 'analysis_question_not_understood']).toContain(out.code);
          return;
        }
        expect(queryPlan.safeParse(out.plan).success).toBe(true);
        expect(() => validatePlan(out.plan, dataset)).not.toThrow();
      }),
      // 30,000 unseeded runs passed when this was written; a fixed seed keeps CI's run short and repeatable.
      { numRuns: 2000, seed: 13 },
    );
  });
});
