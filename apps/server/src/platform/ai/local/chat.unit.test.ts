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
    expect(answer.text).toContain('Rp 25.000');
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
    expect(await ask('where is your shop?', 'en')).toMatchObject({ sources: ['alamat'], text: 'Alamat: Jl. Mawar No. 5, Bandung.' });
    expect(await ask('How much is the kopi susu?', 'en')).toMatchObject({ sources: ['kopi'], text: 'Kopi Susu Gula Aren: harga Rp 25.000.' });
    expect(await ask('masih ada stok teh tarik?', 'id')).toMatchObject({ sources: ['teh'], text: 'Teh Tarik: stok 0.' });
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
