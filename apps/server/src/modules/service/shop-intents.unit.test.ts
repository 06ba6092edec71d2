import { describe, expect, it } from 'vitest';
import { createLocalEngine } from '../../platform/ai/local/index.ts';
import { storedModel, unpackIntentModel } from './intents/index.ts';
import { SHOP_INTENTS_ID, UNRELATED_ID } from './shop-intents-id.ts';

const engine = createLocalEngine();
const examples = Object.entries(SHOP_INTENTS_ID).flatMap(([intent, phrases]) => phrases.map((text) => ({ intent, text })));

describe('local intent classification', async () => {
  const model = await engine.trainIntents(examples, { language: 'id' });

  it('finds the intent of phrasings it was not trained on', async () => {
    const cases: [string, string][] = [
      ['kak harga sandal jepit ini brp ya', 'tanya_harga'],
      ['sepatu ukuran 40 msh ready gak', 'cek_stok'],
      ['toko nya buka sampai jam brp kak', 'jam_buka'],
      ['ongkir ke semarang brp', 'ongkos_kirim'],
      ['paket saya kok belum sampai juga', 'status_pesanan'],
      ['saya mau bicara sama admin aja', 'bicara_cs'],
      ['bisa bayar lewat transfer bank?', 'cara_bayar'],
      ['barangnya datang rusak, bisa retur?', 'retur_barang'],
    ];
    for (const [text, intent] of cases) {
      const prediction = await engine.classifyIntent(model, text);
      expect({ text, intent: prediction.intent, outOfScope: prediction.outOfScope }).toEqual({ text, intent, outOfScope: false });
      expect(prediction.ranking[0]).toEqual({ intent, confidence: prediction.confidence });
    }
  });

  it('says out of scope for text about something else', async () => {
    const verdicts = await Promise.all(UNRELATED_ID.map((t) => engine.classifyIntent(model, t)));
    const outOfScope = verdicts.filter((v) => v.outOfScope);
    expect(outOfScope.length / verdicts.length).toBeGreaterThanOrEqual(0.75);
    for (const v of outOfScope) expect(v.intent).toBeNull();
    expect((await engine.classifyIntent(model, '!!!')).outOfScope).toBe(true);
  });

  it('honours the threshold of a call', async () => {
    const text = 'harga nya berapa ya';
    const normal = await engine.classifyIntent(model, text);
    expect(normal.intent).toBe('tanya_harga');
    const strict = await engine.classifyIntent(model, text, { threshold: 0.9999 });
    expect(strict).toMatchObject({ intent: null, outOfScope: true });
  });

  it('gives the same verdicts after it is stored packed (half-float weights)', async () => {
    const loaded = unpackIntentModel(storedModel(model).packed);
    for (const text of ['brp ongkir ke medan', 'mau cancel pesanan', 'cuaca hari ini']) {
      const [after, before] = [await engine.classifyIntent(loaded, text), await engine.classifyIntent(model, text)];
      expect({ intent: after.intent, outOfScope: after.outOfScope }).toEqual({ intent: before.intent, outOfScope: before.outOfScope });
      expect(after.confidence).toBeCloseTo(before.confidence, 2);
    }
  });

  it('trains the same model from the same examples', async () => {
    const again = await engine.trainIntents(examples, { language: 'id' });
    expect(again).toEqual(model);
  });

  it('refuses a model of another engine or a damaged one, and training without examples, with catalogued codes', async () => {
    await expect(engine.classifyIntent({ engine: 'other', state: {}, intents: [] }, 'halo')).rejects.toMatchObject({ code: 'ai_response_failed' });
    const damaged = { ...model, state: { ...(model.state as object), weights: (model.state as { weights: Float32Array }).weights.slice(0, 40) } };
    await expect(engine.classifyIntent(damaged, 'halo')).rejects.toMatchObject({ code: 'ai_response_failed' });
    await expect(engine.trainIntents([{ intent: ' ', text: 'halo' }])).rejects.toMatchObject({ code: 'invalid_input_format' });
  });
});
