import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * PDF documents through pdfmake (server build) with the Roboto fonts its package ships, so a PDF builds offline and
 * in CI. Nothing is fetched: remote URLs are refused and local files are limited to those fonts; images come in as
 * data URLs.
 */

/** pdfmake's document definition (its content, styles, page settings): kept open, pdfmake checks it. */
export type PdfDefinition = Record<string, unknown> & { content: unknown };

interface PdfMake {
  setFonts(fonts: Record<string, Record<string, string>>): void;
  setUrlAccessPolicy(fn: (url: string) => boolean): void;
  setLocalAccessPolicy(fn: (file: string) => boolean): void;
  createPdf(definition: PdfDefinition): { getBuffer(): Promise<Buffer> };
}

const require = createRequire(import.meta.url);
let pdfmake: PdfMake | undefined;

function engine(): PdfMake {
  if (pdfmake) return pdfmake;
  const made = require('pdfmake') as PdfMake;
  const fonts = require('pdfmake/fonts/Roboto.js') as { Roboto: Record<string, string> };
  const fontDir = path.dirname(fonts.Roboto.normal!);
  made.setFonts(fonts);
  made.setUrlAccessPolicy(() => false);
  made.setLocalAccessPolicy((file) => path.resolve(file).startsWith(fontDir + path.sep));
  pdfmake = made;
  return made;
}

/** The PDF of `definition`; its default font is Roboto. */
export async function renderPdf(definition: PdfDefinition): Promise<Buffer> {
  const defaultStyle = { font: 'Roboto', fontSize: 9, ...(definition.defaultStyle as object | undefined) };
  return Buffer.from(
    await engine()
      .createPdf({ ...definition, defaultStyle })
      .getBuffer(),
  );
}
