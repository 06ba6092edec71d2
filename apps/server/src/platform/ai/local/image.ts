import sharp from 'sharp';
import { AppError } from '../../errors/app-error.ts';
import type { ImageEditRequest, ImageEditResult } from '../engine.ts';

/**
 * The local engine's photo presets, with sharp (libvips). No segmentation model yet: the subject is what is left
 * after trimming a near-uniform border, which suits product photos taken on a plain surface.
 *   white-background  the subject on white with a soft shadow below it (marketplace listing photos)
 *   studio            the subject on a soft grey gradient backdrop with a shadow
 *   enhance           normalised contrast, a little more saturation, sharpened
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

/** The subject: the image with its near-uniform border trimmed (the whole image when nothing can be trimmed). */
async function subjectOf(image: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const flat = sharp(image).rotate().ensureAlpha();
  try {
    const { data, info } = await flat.clone().trim({ threshold: 24 }).png().toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    const { data, info } = await flat.png().toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  }
}

function backdropSvg(width: number, height: number, preset: ImagePreset): Buffer {
  const fill = preset === 'studio'
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
  let pipeline = sharp(request.image).rotate().normalise().modulate({ saturation: 1.15 }).sharpen({ sigma: 1 });
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
  const { image, mimeType } = preset === 'enhance'
    ? await enhance(request)
    : { image: await onBackdrop(request, preset), mimeType: 'image/jpeg' };
  return { image, mimeType, usage: { model: LOCAL_IMAGE_MODEL, inputTokens: 0, outputTokens: 0, images: 1 } };
}
