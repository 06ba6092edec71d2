import zlib from 'node:zlib';
import { AppError } from '../errors/app-error.ts';
import { megabytes } from './parse-limits.ts';

/**
 * What a PDF's deflated streams unpack to, counted before a PDF reader sees the file: pdf.js inflates a page's content
 * stream whole, and a 224 MB stream of zeros deflates to some 220 KB. Every stream whose data starts with a zlib
 * header is counted, whatever its dictionary says (a filter given through an indirect object is still Flate to pdf.js),
 * and counting stops past `max`. Not counted: streams of an encrypted PDF (their bytes are ciphertext until pdf.js
 * decrypts them); the worker's time and memory limits bound those.
 */

const STREAM = Buffer.from('stream');
const END = Buffer.from('endstream');

/** Bytes one deflated stream unpacks to, counted without keeping them and stopped once past `max`. */
function inflatedSize(data: Uint8Array, max: number): Promise<number> {
  return new Promise((resolve) => {
    const inflate = zlib.createInflate({ finishFlush: zlib.constants.Z_SYNC_FLUSH });
    let size = 0;
    const done = () => resolve(size);
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) inflate.destroy();
    });
    inflate.once('end', done);
    inflate.once('close', done);
    inflate.once('error', done);
    inflate.end(data);
  });
}

/** A zlib header: deflate with a 32 KiB window at most, and a header checksum that holds. */
const isZlib = (b: Uint8Array, at: number) => at + 1 < b.length && (b[at] & 0x0f) === 8 && b[at] >> 4 <= 7 && ((b[at] << 8) | b[at + 1]) % 31 === 0;

/** file_too_large_expanded when the PDF's deflated streams unpack to more than `maxInflatedBytes` all together. */
export async function checkPdfExpansion(pdf: Uint8Array, maxInflatedBytes: number): Promise<void> {
  const bytes = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  let total = 0;
  for (let at = bytes.indexOf(STREAM); at >= 0; at = bytes.indexOf(STREAM, at + 1)) {
    // The keyword `stream` ends a line (CRLF or LF); `endstream` contains it and is skipped.
    if (at >= 3 && bytes.subarray(at - 3, at).toString('latin1') === 'end') continue;
    let start = at + STREAM.length;
    if (bytes[start] === 0x0d) start++;
    if (bytes[start] !== 0x0a) continue;
    start++;
    if (!isZlib(bytes, start)) continue;
    const end = bytes.indexOf(END, start);
    total += await inflatedSize(bytes.subarray(start, end < 0 ? bytes.length : end), maxInflatedBytes - total);
    if (total > maxInflatedBytes) throw new AppError('file_too_large_expanded', [megabytes(maxInflatedBytes)]);
    if (end > 0) at = end + END.length - 1;
  }
}
