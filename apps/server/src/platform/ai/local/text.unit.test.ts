import { describe, expect, it } from 'vitest';
import { contentStems, normalise, stem, textFeatures } from './text.ts';

describe('local engine text', () => {
  it('normalises chat writing: case, slang, repeated letters, reduplication, punctuation', () => {
    expect(normalise('Brp HRG nya kak??')).toEqual(['berapa', 'harga', 'nya', 'kak']);
    expect(normalise('gk bisa bayar, mahalll bgt')).toEqual(['tidak', 'bisa', 'bayar', 'mahal', 'banget']);
    expect(normalise('barang2 ready?')).toEqual(['barang', 'tersedia']);
    expect(normalise('ongkir ke Bandung')).toEqual(['ongkos', 'kirim', 'ke', 'bandung']);
    expect(normalise('Café  Déjà-vu')).toEqual(['cafe', 'deja', 'vu']);
  });

  it('stems Indonesian with Sastrawi and English with Porter', () => {
    expect(['pembayaran', 'mengirimkan', 'harganya', 'dikembalikan', 'pesanan'].map((w) => stem(w, 'id'))).toEqual([
      'bayar',
      'kirim',
      'harga',
      'kembali',
      'pesan',
    ]);
    expect(['deliveries', 'opening', 'prices'].map((w) => stem(w, 'en'))).toEqual(['deliveri', 'open', 'price']);
  });

  it('keeps topic words only in content stems', () => {
    expect(contentStems('berapa harganya kak?', 'id')).toEqual(['harga']);
    expect(contentStems('What are your opening hours?', 'en')).toEqual(['open', 'hour']);
  });

  it('makes word, word-pair and character features', () => {
    const features = textFeatures('harga kopi', 'id');
    expect(features.get('w:harga')).toBe(1);
    expect(features.get('b:harga kopi')).toBe(1);
    expect(features.get('c:<ha')).toBe(1);
    expect(features.get('c:kopi>')).toBe(1);
    expect(features.has('c:a k')).toBe(false); // n-grams stay inside words
  });
});
