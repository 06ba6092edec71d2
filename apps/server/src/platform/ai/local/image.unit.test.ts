import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createLocalEngine } from './index.ts';

const engine = createLocalEngine();

/** A product photo: a red box on a light grey table surface. */
async function productPhoto(format: 'png' | 'jpeg'): Promise<Buffer> {
  const box = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer();
  const photo = sharp({ create: { width: 300, height: 240, channels: 3, background: '#e6e6e6' } }).composite([{ input: box, left: 90, top: 80 }]);
  return format === 'png' ? photo.png().toBuffer() : photo.jpeg().toBuffer();
}

describe('local image presets', () => {
  it('white-background: the trimmed subject centred on white at the asked size', async () => {
    const result = await engine.editImage({ image: await productPhoto('jpeg'), prompt: 'white-background', width: 400, height: 400 });
    expect(result.mimeType).toBe('image/jpeg');
    expect(result.usage).toMatchObject({ images: 1, model: 'local-sharp-presets' });
    const { data, info } = await sharp(result.image).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.format]).toEqual([400, 400, 'raw']);
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    for (const channel of pixel(5, 5)) expect(channel).toBeGreaterThan(245); // the grey table became white
    const [r, g, b] = pixel(200, 200);
    expect(r).toBeGreaterThan(150); // the red box fills the middle
    expect(g).toBeLessThan(90);
    expect(b).toBeLessThan(90);
  });

  it('studio: a gradient backdrop, darker at the bottom', async () => {
    const result = await engine.editImage({ image: await productPhoto('png'), prompt: 'foto gaya studio', width: 320, height: 480 });
    const { data, info } = await sharp(result.image).greyscale().raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([320, 480]);
    expect(data[2 * info.width + 2]).toBeGreaterThan(data[(info.height - 3) * info.width + 2] + 10);
  });

  it('enhance: same format, asked size, more contrast', async () => {
    const dull = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#777777' } })
      .composite([
        {
          input: await sharp({ create: { width: 32, height: 64, channels: 3, background: '#888888' } })
            .png()
            .toBuffer(),
          left: 0,
          top: 0,
        },
      ])
      .png()
      .toBuffer();
    const result = await engine.editImage({ image: dull, prompt: 'enhance', width: 48, height: 48 });
    expect(result.mimeType).toBe('image/png');
    const stats = await sharp(result.image).stats();
    const before = await sharp(dull).stats();
    expect((await sharp(result.image).metadata()).width).toBe(48);
    expect(stats.channels[0].max - stats.channels[0].min).toBeGreaterThan(before.channels[0].max - before.channels[0].min);
  });

  it('keeps the transparency of a PNG it enhances', async () => {
    const cutOut = await sharp({ create: { width: 20, height: 20, channels: 4, background: { r: 200, g: 60, b: 40, alpha: 0 } } })
      .composite([
        {
          input: await sharp({ create: { width: 10, height: 10, channels: 4, background: { r: 90, g: 90, b: 200, alpha: 1 } } })
            .png()
            .toBuffer(),
          left: 5,
          top: 5,
        },
      ])
      .png()
      .toBuffer();
    const result = await engine.editImage({ image: cutOut, prompt: 'perjelas foto' });
    const { data, info } = await sharp(result.image).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    expect(data[3]).toBe(0); // corner still transparent
    expect(data[(10 * 20 + 10) * 4 + 3]).toBe(255);
  });

  it('white-background: the backdrop does not show through the subject (inside a handle)', async () => {
    const ring = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><rect width="200" height="200" fill="#d8d2c8"/><circle cx="100" cy="100" r="60" fill="none" stroke="#1f5fa0" stroke-width="20"/></svg>',
    );
    const result = await engine.editImage({ image: await sharp(ring).png().toBuffer(), prompt: 'white-background', width: 200, height: 200 });
    const { data, info } = await sharp(result.image).raw().toBuffer({ resolveWithObject: true });
    const centre = (100 * info.width + 100) * info.channels;
    for (const channel of data.subarray(centre, centre + 3)) expect(channel).toBeGreaterThan(245); // white, not beige
  });

  it('refuses an unknown preset and a file that is not an image with invalid_input_format', async () => {
    await expect(engine.editImage({ image: await productPhoto('png'), prompt: 'make it a cartoon' })).rejects.toMatchObject({ code: 'invalid_input_format' });
    await expect(engine.editImage({ image: Buffer.from('not an image'), prompt: 'enhance' })).rejects.toMatchObject({ code: 'invalid_input_format' });
  });
});
