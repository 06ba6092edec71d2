import zlib from 'node:zlib';

/**
 * Hostile PDFs for the limits of reading an upload, written here byte by byte (never committed): a page tree whose
 * pages share one content stream that deflates from many megabytes of zeros to a few hundred kilobytes, and a PDF of
 * many small pages. Both are valid PDFs that pdf.js opens.
 */

/** A PDF of the given objects (object n is objects[n - 1]), with its cross-reference table. */
function pdfOf(objects: (string | Buffer)[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let size = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(size);
    const part = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), Buffer.isBuffer(o) ? o : Buffer.from(o), Buffer.from('\nendobj\n')]);
    parts.push(part);
    size += part.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${size}\n%%EOF\n`));
  return Buffer.concat(parts);
}

const stream = (data: Buffer, dict = '') => Buffer.concat([Buffer.from(`<< /Length ${data.length}${dict} >>\nstream\n`), data, Buffer.from('\nendstream')]);

/** `bytes` zeros deflated without ever holding them whole. */
function deflatedZeros(bytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const deflate = zlib.createDeflate({ level: 9 });
    const out: Buffer[] = [];
    deflate.on('data', (c: Buffer) => out.push(c));
    deflate.on('end', () => resolve(Buffer.concat(out)));
    deflate.on('error', reject);
    const chunk = Buffer.alloc(2 ** 20);
    let left = bytes;
    const write = () => {
      while (left > 0) {
        const part = chunk.subarray(0, Math.min(chunk.length, left));
        left -= part.length;
        if (!deflate.write(part)) return void deflate.once('drain', write);
      }
      deflate.end();
    };
    write();
  });
}

/** `pages` pages whose content is one stream of `inflatedBytes` zeros (to PDF, zero bytes are white space). */
export async function sharedStreamBomb(inflatedBytes: number, pages: number): Promise<Buffer> {
  const kids = Array.from({ length: pages }, (_, i) => `${i + 4} 0 R`).join(' ');
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    stream(await deflatedZeros(inflatedBytes), ' /Filter /FlateDecode'),
    ...Array.from({ length: pages }, () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 3 0 R >>'),
  ]);
}

/** `pages` pages of one line of text each, each page its own small content stream. */
export function manyPagesPdf(pages: number): Buffer {
  const first = 4;
  const kids = Array.from({ length: pages }, (_, i) => `${first + 2 * i} 0 R`).join(' ');
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    ...Array.from({ length: pages }, (_, i) => [
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${first + 2 * i + 1} 0 R >>`,
      stream(Buffer.from(`BT /F1 12 Tf 72 720 Td (Baris ${i + 1}) Tj ET`)),
    ]).flat(),
  ]);
}
