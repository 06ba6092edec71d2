import sharp from 'sharp';
import { AppError } from '../../errors/app-error.ts';
import type { ImageEditRequest, ImageEditResult } from '../engine.ts';

/**
 * The local engine's photo presets, with sharp (libvips). No segmentation model yet: the subject is what differs from
 * the colour of the photo's border, which suits product photos taken on a plain surface.
 *   white-background  the subject on white with a soft shadow below it (marketplace listing photos)
 *   studio            the subject on a soft grey gradient backdrop with a shadow
 *   enhance           a little more contrast and saturation, sharpened
 * The prompt names a preset (or says it in words: "putih"/"white", "studio", "perjelas"/"enhance").
 */
export const LOCAL_IMAGE_MODEL = 'local-sharp-presets';
export const IMAGE_PRESETS = ['white-background', 'studio', 'enhance'] as const;
export type ImagePreset = (typeof IMAGE_PRESETS)[number];

const PRESET_WORDS: [ImagePreset, RegExp][] = [
  ['white-background', /white|putih/i],
  ['studio', /studio|backdrop|latar/i],
  ['enhance', /enhance|perjelas|perbaiki|cerah|tajam|sharpen|bright/i],
];

export function presetOf(prompt: string): ImagePreset | undefined {
  const named = IMAGE_PRESETS.find((p) => prompt.trim().toLowerCase() === p);
  return named ?? PRESET_WORDS.find(([, words]) => words.test(prompt))?.[0];
}

/** Colour distance (RGB) under which a pixel is the backdrop, and over which it is surely the subject. */
const BACKDROP_NEAR = 18;
const MAX_CONTRAST_GAIN = 1.25;
const BACKDROP_FAR = 48;

/**
 * The subject: the image with its near-uniform border trimmed, and the pixels of the border's colour made
 * transparent (with a soft edge), so that the old backdrop does not show around or through the subject (the inside of
 * a mug's handle). The border's colour is the median of the outermost pixels.
 */
async function subjectOf(image: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(image).rotate().ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const border: number[][] = [[], [], []];
  const at = (x: number, y: number) => (y * width + x) * 4;
  for (let x = 0; x < width; x++) for (const y of [0, height - 1]) for (let c = 0; c < 3; c++) border[c].push(data[at(x, y) + c]);
  for (let y = 0; y < height; y++) for (const x of [0, width - 1]) for (let c = 0; c < 3; c++) border[c].push(data[at(x, y) + c]);
  const backdrop = border.map((values) => values.sort((a, b) => a - b)[values.length >> 1]);
  for (let i = 0; i < data.length; i += 4) {
    const distance = Math.hypot(data[i] - backdrop[0], data[i + 1] - backdrop[1], data[i + 2] - backdrop[2]);
    const alpha = Math.min(1, Math.max(0, (distance - BACKDROP_NEAR) / (BACKDROP_FAR - BACKDROP_NEAR)));
    data[i + 3] = Math.round(data[i + 3] * alpha);
  }
  const keyed = sharp(data, { raw: { width, height, channels: 4 } });
  try {
    const trimmed = await keyed.clone().trim({ threshold: 10 }).png().toBuffer({ resolveWithObject: true });
    return { data: trimmed.data, width: trimmed.info.width, height: trimmed.info.height };
  } catch {
    return { data: await keyed.png().toBuffer(), width, height }; // nothing to trim: a photo without a plain border
  }
}

function backdropSvg(width: number, height: number, preset: ImagePreset): Buffer {
  const fill =
    preset === 'studio'
      ? '<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f4f4f6"/><stop offset="0.7" stop-color="#dcdde2"/><stop offset="1" stop-color="#c9cad0"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>'
      : '<rect width="100%" height="100%" fill="#ffffff"/>';
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${fill}</svg>`);
}

function shadowSvg(width: number, height: number): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><ellipse cx="${width / 2}" cy="${height / 2}" rx="${width / 2}" ry="${height / 2}" fill="#000" fill-opacity="0.28"/></svg>`,
  );
}

async function onBackdrop(request: ImageEditRequest, preset: ImagePreset): Promise<Buffer> {
  const subject = await subjectOf(request.image);
  const width = request.width ?? Math.round(subject.width * 1.25);
  const height = request.height ?? Math.round(subject.height * 1.25);
  const scale = Math.min((width * 0.8) / subject.width, (height * 0.8) / subject.height);
  const subjectWidth = Math.max(1, Math.round(subject.width * scale));
  const subjectHeight = Math.max(1, Math.round(subject.height * scale));
  const placed = await sharp(subject.data).resize(subjectWidth, subjectHeight).png().toBuffer();
  const left = Math.round((width - subjectWidth) / 2);
  const top = Math.round((height - subjectHeight) / 2);
  const shadowWidth = Math.max(2, Math.round(subjectWidth * 0.9));
  const shadowHeight = Math.max(2, Math.round(Math.min(subjectHeight * 0.12, height * 0.06)));
  const blur = Math.max(0.3, Math.round(shadowHeight * 0.6));
  const pad = Math.ceil(blur * 3);
  const shadow = await sharp(shadowSvg(shadowWidth, shadowHeight))
    .extend({ top: pad, bottom: pad, left: pad, right: pad, background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .blur(blur)
    .png()
    .toBuffer();
  const shadowTop = Math.min(height - 1, top + subjectHeight - Math.round(shadowHeight / 2) - pad);
  return sharp(backdropSvg(width, height, preset))
    .composite([
      { input: shadow, left: Math.round((width - shadowWidth) / 2) - pad, top: shadowTop },
      { input: placed, left, top },
    ])
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function enhance(request: ImageEditRequest): Promise<{ image: Buffer; mimeType: string }> {
  const meta = await sharp(request.image).metadata();
  // Contrast stretched around the mean by at most 25 % (a full normalise crushes a low-contrast product shot).
  const { channels } = await sharp(request.image).stats();
  const colour = channels.slice(0, 3);
  const low = Math.min(...colour.map((c) => c.min));
  const high = Math.max(...colour.map((c) => c.max));
  const mean = colour.reduce((sum, c) => sum + c.mean, 0) / colour.length;
  const gain = Math.min(MAX_CONTRAST_GAIN, Math.max(1, 250 / Math.max(1, high - low)));
  const bands = meta.channels ?? 3;
  const gains = Array.from({ length: bands }, (_, i) => (i < 3 || bands < 3 ? gain : 1)); // alpha untouched
  const offsets = gains.map((g) => mean * (1 - g));
  let pipeline = sharp(request.image).rotate().linear(gains, offsets).modulate({ saturation: 1.15 }).sharpen({ sigma: 1 });
  if (request.width || request.height) pipeline = pipeline.resize(request.width, request.height, { fit: 'cover' });
  return meta.format === 'png'
    ? { image: await pipeline.png().toBuffer(), mimeType: 'image/png' }
    : { image: await pipeline.jpeg({ quality: 90 }).toBuffer(), mimeType: 'image/jpeg' };
}

export async function editImageLocally(request: ImageEditRequest): Promise<ImageEditResult> {
  const preset = presetOf(request.prompt);
  if (!preset) throw new AppError('invalid_input_format', ['prompt', IMAGE_PRESETS.join(' | ')]);
  try {
    await sharp(request.image).metadata();
  } catch {
    throw new AppError('invalid_input_format', ['image', 'PNG, JPEG, WebP']);
  }
  const { image, mimeType } = preset === 'enhance' ? await enhance(request) : { image: await onBackdrop(request, preset), mimeType: 'image/jpeg' };
  return { image, mimeType, usage: { model: LOCAL_IMAGE_MODEL, inputTokens: 0, outputTokens: 0, images: 1 } };
}
