import { describe, expect, it } from 'vitest';
import { isPackedModel, packModel, unpackModel } from './model-pack.ts';

describe('model pack', () => {
  it('gives back typed arrays of every width, string arrays (any script), nested objects and JSON values unchanged', () => {
    const state = {
      version: 1,
      language: 'id',
      weights: Float32Array.from([0.5, -1.25, 3e-8, 7]),
      idf: Float64Array.from([Math.PI, -0]),
      counts: Int32Array.from([-3, 2 ** 31 - 1]),
      mask: Uint8Array.from([1, 0, 255]),
      odd: Int16Array.from([1, 2, 3]),
      features: ['w:harga', 'c:<ro', 'w:héllo', 'w:日本', 'w:😀x', ''],
      bias: [0.1, -0.2],
      thresholds: { perIntent: Float32Array.from([0.4, 0.6]), chosenOn: 'folds', names: ['a', 'b'] },
      nothing: null,
      empty: [],
    };
    const packed = packModel(state);
    expect(isPackedModel(packed)).toBe(true);
    const back = unpackModel(packed);
    expect(back).toEqual(state);
    expect(back.weights).toBeInstanceOf(Float32Array);
    expect((back.thresholds as { perIntent: unknown }).perIntent).toBeInstanceOf(Float32Array);
    expect(back.odd).toBeInstanceOf(Int16Array);
  });

  it('reads a pack that PostgreSQL hands back at an odd offset of a larger buffer (copying what is misaligned)', () => {
    const packed = packModel({ w: Float64Array.from([1.5, 2.5]), f: ['x', 'yy'] });
    const host = Buffer.alloc(packed.byteLength + 3);
    packed.copy(host, 3);
    expect(unpackModel(host.subarray(3))).toEqual({ w: Float64Array.from([1.5, 2.5]), f: ['x', 'yy'] });
  });

  it('stores the weights of a large model in about their own size, where base64 JSON took a third more', () => {
    const weights = new Float32Array(250_000).map((_, i) => Math.sin(i));
    const packed = packModel({ weights, features: Array.from({ length: 5000 }, (_, i) => `w:f${i}`) });
    expect(packed.byteLength).toBeLessThan(weights.byteLength + 5000 * 11 + 1024);
  });

  it('halves a large Float32Array on request, within half-float precision, and keeps one a half float cannot hold', () => {
    const weights = new Float32Array(10_000).map((_, i) => Math.sin(i) * 8 * (i % 7 === 0 ? 1e-6 : 1));
    weights[3] = 0;
    weights[4] = -65504;
    const packed = packModel({ weights, small: Float32Array.from([0.1, 0.2]) }, { halfFloats: true });
    expect(packed.byteLength).toBeLessThan(weights.byteLength / 2 + 1024);
    const back = unpackModel(packed) as { weights: Float32Array; small: Float32Array };
    expect(back.weights).toBeInstanceOf(Float32Array);
    expect(back.small).toEqual(Float32Array.from([0.1, 0.2]));
    for (let i = 0; i < weights.length; i++) {
      const error = Math.abs(back.weights[i] - weights[i]);
      expect(error).toBeLessThanOrEqual(Math.max(Math.abs(weights[i]) * 2 ** -11, 2 ** -25));
    }
    expect([back.weights[3], back.weights[4]]).toEqual([0, -65504]);
    const wide = new Float32Array(5000).fill(1.5);
    wide[10] = 1e6;
    expect((unpackModel(packModel({ wide }, { halfFloats: true })) as { wide: Float32Array }).wide).toEqual(wide);
  });

  it('refuses bytes that are not a pack, and a pack cut short', () => {
    expect(() => unpackModel(Buffer.from('{"version":1}'))).toThrow('not a packed model');
    const packed = packModel({ w: new Float32Array(100) });
    expect(() => unpackModel(packed.subarray(0, packed.byteLength - 8))).toThrow('truncated');
  });
});
