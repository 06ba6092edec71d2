import { describe, expect, it } from 'vitest';
import type { RetrievedFact } from '../engine.ts';
import { createLocalEngine, cosineSimilarity } from './index.ts';

const engine = createLocalEngine();
const facts: RetrievedFact[] = [
  { id: 'kopi', text: 'Kopi Susu Gula Aren', fields: { nama: 'Kopi Susu Gula Aren', harga: 'Rp 25.000', stok: '12' } },
  { id: 'teh', text: 'Teh Tarik', fields: { nama: 'Teh Tarik', harga: 'Rp 18.000', stok: '0' } },
  { id: 'jam', text: 'Toko buka Senin sampai Sabtu pukul 08.00–21.00, Minggu tutup.', fields: { jam_buka: 'Senin–Sabtu 08.00–21.00' } },
  { id: 'alamat', text: 'Alamat toko: Jl. Mawar No. 5, Bandung.', fields: { alamat: 'Jl. Mawar No. 5, Bandung' } },
];

describe('local chat answers from facts only', () => {
  it('quotes the asked field of the matching fact, in Indonesian, streamed by words', async () => {
    const pieces: string[] = [];
    const answer = await engine.chat({
      messages: [{ role: 'user', content: 'kak brp harga kopi susu nya?' }],
      context: facts,
      language: 'id',
      onDelta: (p) => pieces.push(p),
    });
    expect(answer.sources).toEqual(['kopi']);
    expect(answer.unknown).toBe(false);
    expect(answer.text).toBe('Harga Kopi Susu Gula Aren Rp25.000.');
    expect(answer.text).not.toContain('18.000');
    expect(pieces.join('')).toBe(answer.text);
    expect(pieces.length).toBeGreaterThan(2);
    expect(answer.usage).toMatchObject({ model: expect.stringMatching(/^local-/), images: 0 });
    expect(answer.usage.outputTokens).toBe(answer.text.split(/\s+/).length);
  });

  it('answers opening hours in English from the fact', async () => {
    const answer = await engine.chat({ messages: [{ role: 'user', content: 'What are your opening hours?' }], context: facts, language: 'en' });
    expect(answer.sources).toEqual(['jam']);
    expect(answer.text).toContain('08.00–21.00');
  });

  it('quotes the whole fact when its text says more than the asked field, and knows the words of a shop', async () => {
    const ask = (content: string, language: 'id' | 'en') => engine.chat({ messages: [{ role: 'user', content }], context: facts, language });
    const sunday = await ask('minggu buka gak?', 'id');
    expect(sunday).toMatchObject({ sources: ['jam'], text: 'Toko buka Senin sampai Sabtu pukul 08.00–21.00, Minggu tutup.' });
    expect(await ask('where is your shop?', 'en')).toMatchObject({ sources: ['alamat'], text: 'Jl. Mawar No. 5, Bandung.' });
    expect(await ask('How much is the kopi susu?', 'en')).toMatchObject({ sources: ['kopi'], text: 'The Kopi Susu Gula Aren costs Rp25,000.' });
    expect(await ask('masih ada stok teh tarik?', 'id')).toMatchObject({ sources: ['teh'], text: 'Teh Tarik sedang habis.' });
    expect(await ask('masih ada stok kopi susu?', 'id')).toMatchObject({ sources: ['kopi'], text: 'Kopi Susu Gula Aren masih tersedia, stok 12.' });
  });

  it('answers a dataset record with the answer itself: no field labels, the customer language, one item unless a list is asked', async () => {
    // Facts as the datasets give them: the record as stored is the text, the values are the fields.
    const records: RetrievedFact[] = [
      {
        id: 'faq',
        text: 'Topik: Cara pembayaran; Jawaban: Transfer BCA, QRIS, kartu kredit',
        fields: { Topik: 'Cara pembayaran', Jawaban: 'Transfer BCA, QRIS, kartu kredit', 'Kata Kunci': 'payment pay credit card' },
      },
      ...[
        ['parang', 'Kain Batik Parang', '350.000', '12'],
        ['kawung', 'Kain Batik Kawung', '325.000', '0'],
      ].map(([id, nama, harga, stok]) => ({
        id,
        text: `Nama: ${nama}; Kategori: Kain; Harga: ${harga}; Stok: ${stok}; Keterangan: Batik tulis`,
        fields: { Nama: nama, Kategori: 'Kain', Harga: harga, Stok: stok, Keterangan: 'Batik tulis', 'Kata Kunci': 'fabric cloth' },
      })),
    ];
    const ask = (content: string, language: 'id' | 'en') => engine.chat({ messages: [{ role: 'user', content }], context: records, language });
    expect(await ask('bisa pakai qris?', 'id')).toMatchObject({ sources: ['faq'], text: 'Transfer BCA, QRIS, kartu kredit.' });
    expect(await ask('can i pay by credit card?', 'en')).toMatchObject({ sources: ['faq'], text: 'Transfer BCA, QRIS, kartu kredit.' });
    expect(await ask('harga kain batik parang berapa?', 'id')).toMatchObject({ sources: ['parang'], text: 'Harga Kain Batik Parang Rp350.000.' });
    expect(await ask('how much is the parang fabric?', 'en')).toMatchObject({ sources: ['parang'], text: 'The Kain Batik Parang costs Rp350,000.' });
    expect(await ask('is the kawung fabric in stock?', 'en')).toMatchObject({ sources: ['kawung'], text: 'The Kain Batik Kawung is out of stock.' });
    expect(await ask('kain parang harga dan stoknya?', 'id')).toMatchObject({
      text: 'Harga Kain Batik Parang Rp350.000. Kain Batik Parang masih tersedia, stok 12.',
    });
    // Asked of several without asking for a list: the best one only.
    expect((await ask('harga kain batik?', 'id')).sources).toHaveLength(1);
    const list = await ask('kain batik apa saja yang ada?', 'id');
    expect(list.sources.sort()).toEqual(['kawung', 'parang']);
    expect(list.text.split('\n')).toEqual(
      expect.arrayContaining(['Berikut yang saya temukan:', '- Kain Batik Parang — Rp350.000', '- Kain Batik Kawung — Rp325.000']),
    );
    const enList = await ask('which batik fabrics do you have in stock?', 'en');
    expect(enList.text).toMatch(/^Here is what I found:\n/);
    expect(enList.text).toContain('- Kain Batik Parang — 12 in stock');
    expect(enList.text).toContain('- Kain Batik Kawung — out of stock');
    for (const answer of [list, enList, await ask('kain batik parang', 'id')]) expect(answer.text).not.toMatch(/(Nama|Harga|Stok|Topik|Jawaban|Kata Kunci):/);
  });

  it('uses the last user message', async () => {
    const answer = await engine.chat({
      messages: [
        { role: 'user', content: 'harga kopi?' },
        { role: 'assistant', content: '...' },
        { role: 'user', content: 'alamat tokonya dimana' },
      ],
      context: facts,
      language: 'id',
    });
    expect(answer.sources).toEqual(['alamat']);
    expect(answer.text).toContain('Jl. Mawar No. 5');
  });

  it('says plainly it does not know when no fact matches, in the request language', async () => {
    const id = await engine.chat({ messages: [{ role: 'user', content: 'siapa presiden pertama indonesia?' }], context: facts, language: 'id' });
    expect(id).toMatchObject({ unknown: true, sources: [] });
    expect(id.text).toMatch(/^Maaf, saya belum punya informasi tentang itu/);
    const en = await engine.chat({ messages: [{ role: 'user', content: 'Do you sell laptops?' }], context: facts, language: 'en' });
    expect(en).toMatchObject({ unknown: true, sources: [] });
    expect(en.text).toMatch(/^Sorry, I don't have information about that/);
    const none = await engine.chat({ messages: [{ role: 'user', content: 'harga kopi susu' }], context: [], language: 'id' });
    expect(none.unknown).toBe(true);
  });

  it('stops streaming when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      engine.chat({ messages: [{ role: 'user', content: 'harga teh tarik' }], context: facts, language: 'id', signal: controller.signal, onDelta: () => {} }),
    ).rejects.toThrow();
  });
});

describe('local embeddings', () => {
  it('are deterministic unit vectors whose cosine follows shared words and typos', async () => {
    const { vectors, dimensions, usage } = await engine.embed(['harga kopi susu', 'harga kopi susu', 'harga kopi sussu', 'jadwal kereta ke bogor']);
    expect(dimensions).toBe(512);
    expect(vectors).toHaveLength(4);
    expect(Math.hypot(...vectors[0])).toBeCloseTo(1, 5);
    expect([...vectors[0]]).toEqual([...vectors[1]]);
    const typo = cosineSimilarity(vectors[0], vectors[2]);
    const other = cosineSimilarity(vectors[0], vectors[3]);
    expect(typo).toBeGreaterThan(0.5);
    expect(other).toBeLessThan(0.2);
    expect(usage).toMatchObject({ model: 'local-hashed-ngrams-512', inputTokens: 13 });
  });
});
