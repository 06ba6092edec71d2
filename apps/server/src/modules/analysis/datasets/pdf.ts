import { getDocumentProxy } from 'unpdf';
import { AppError } from '../../../platform/errors/app-error.ts';
import { PDF_LIMITS, type ParseLimits } from '../../../platform/files/parse-limits.ts';
import { checkPdfExpansion } from '../../../platform/files/pdf-streams.ts';
import { findHeaderRow, type RawCell } from './infer.ts';

/**
 * The table of a text PDF, read from where its text sits on the page (no OCR): text pieces on one baseline make a
 * line, pieces close together on a line make one cell, and the columns are the x ranges the cells of the table lines
 * cover (left-, right- or centre-aligned cells of a column overlap, cells of neighbouring columns do not). Pages that
 * continue one table make one list of rows; the header and title lines a page repeats, and page numbers, are dropped.
 */

interface Piece {
  text: string;
  x0: number;
  x1: number;
  y: number;
  size: number;
}
interface Chunk {
  text: string;
  x0: number;
  x1: number;
}
/** A line of a page: its baseline, its font size and its cells left to right. */
interface Line {
  y: number;
  size: number;
  chunks: Chunk[];
}

/**
 * pdf.js already joins text less than 0.6 of the font size apart into one piece (with a space), so two columns closer
 * than that arrive as one cell (a limit of reading by positions: such tables need the sheet). Pieces arrive apart
 * when further apart or when the font changes within a cell (a bold word): those at most this share apart are one cell.
 */
const CELL_GAP = 0.3;
const PAGE_NUMBER = /^(halaman|hal\.?|page|p\.)?\s*\d+(\s*(dari|of|\/)\s*\d+)?$/i;

type PdfCaps = Pick<ParseLimits, 'maxPages' | 'maxInflatedBytes'>;

async function piecesOf(bytes: Uint8Array, readPages: number, caps: PdfCaps): Promise<Piece[][]> {
  await checkPdfExpansion(bytes, caps.maxInflatedBytes);
  let doc;
  try {
    doc = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
  } catch {
    throw new AppError('analysis_file_invalid');
  }
  if (doc.numPages > caps.maxPages) {
    await doc.loadingTask.destroy();
    throw new AppError('file_too_many_pages', [doc.numPages, caps.maxPages]);
  }
  try {
    const pages: Piece[][] = [];
    for (let p = 1; p <= Math.min(doc.numPages, readPages); p++) {
      const page = await doc.getPage(p);
      const content = await page.getTextContent();
      const pieces: Piece[] = [];
      for (const item of content.items) {
        if (!('str' in item) || item.str.trim() === '') continue;
        const [a, b, , , x, y] = item.transform as number[];
        const size = Math.hypot(a, b) || item.height || 10;
        pieces.push({ text: item.str, x0: x, x1: x + item.width, y, size });
      }
      pages.push(pieces);
      page.cleanup();
    }
    return pages;
  } catch {
    // A PDF whose header reads but whose pages do not (cut off, damaged) is as unreadable as one that does not open.
    throw new AppError('analysis_file_invalid');
  } finally {
    await doc.loadingTask.destroy();
  }
}

/** A page's pieces as lines from the top, each line's pieces joined into cells left to right. */
function linesOf(pieces: Piece[]): Line[] {
  const sorted = [...pieces].sort((p, q) => q.y - p.y || p.x0 - q.x0);
  const lines: Piece[][] = [];
  for (const p of sorted) {
    const line = lines.at(-1);
    if (line && Math.abs(line[0].y - p.y) <= Math.max(1, line[0].size * 0.4)) line.push(p);
    else lines.push([p]);
  }
  return lines.map((line) => {
    const chunks: (Chunk & { size: number })[] = [];
    for (const p of line.sort((a, b) => a.x0 - b.x0)) {
      const last = chunks.at(-1);
      if (last && p.x0 - last.x1 <= Math.max(last.size, p.size) * CELL_GAP) {
        last.text += p.x0 - last.x1 > Math.max(last.size, p.size) * 0.1 && !last.text.endsWith(' ') ? ` ${p.text}` : p.text;
        last.x1 = Math.max(last.x1, p.x1);
      } else chunks.push({ text: p.text, x0: p.x0, x1: p.x1, size: p.size });
    }
    return { y: line[0].y, size: line[0].size, chunks: chunks.map(({ text, x0, x1 }) => ({ text: text.trim(), x0, x1 })) };
  });
}

/**
 * A line closer to the one above than the page's rows are to each other (less than this share of the usual distance)
 * that fills only some of the columns the line above fills is the rest of a cell that wrapped: a long product name
 * printed on two lines is one row. Rows printed as tightly as wrapped lines cannot be told apart and stay rows.
 */
const WRAP_GAP = 0.85;

function joinWrappedLines(lines: Line[], toCells: (chunks: Chunk[]) => RawCell[]): RawCell[][] {
  const gaps = lines
    .slice(1)
    .map((l, i) => lines[i].y - l.y)
    .sort((a, b) => a - b);
  const usual = gaps[Math.floor(gaps.length / 2)] ?? 0;
  const rows: RawCell[][] = [];
  lines.forEach((line, i) => {
    const cells = toCells(line.chunks);
    const above = rows.at(-1);
    const filled = cells.flatMap((c, col) => (c ? [col] : []));
    const wrapped =
      above !== undefined && lines[i - 1].y - line.y < usual * WRAP_GAP && filled.length < above.filter((c) => c).length && filled.every((col) => above[col]);
    if (wrapped) for (const col of filled) above[col] = `${above[col]} ${cells[col]}`;
    else rows.push(cells);
  });
  return rows;
}

/**
 * The columns' x ranges: the union of the cells' ranges on the table lines (those with at least as many cells as
 * most multi-cell lines have, so a two-part footer or title does not join two columns).
 */
function columnsOf(lines: Chunk[][]): [number, number][] {
  const counts = new Map<number, number>();
  for (const l of lines) if (l.length >= 2) counts.set(l.length, (counts.get(l.length) ?? 0) + 1);
  const typical = [...counts.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]?.[0] ?? 1;
  const ranges = lines
    .filter((l) => l.length >= typical)
    .flat()
    .map((c) => [c.x0, c.x1] as [number, number])
    .sort((a, b) => a[0] - b[0]);
  const bands: [number, number][] = [];
  for (const [x0, x1] of ranges) {
    const last = bands.at(-1);
    if (last && x0 < last[1]) last[1] = Math.max(last[1], x1);
    else bands.push([x0, x1]);
  }
  return bands;
}

/** The column a cell falls in: the one it overlaps most, else the nearest. */
function columnOf(c: Chunk, bands: [number, number][]): number {
  let best = 0;
  let score = -Infinity;
  bands.forEach(([b0, b1], i) => {
    const overlap = Math.min(b1, c.x1) - Math.max(b0, c.x0);
    const s = overlap > 0 ? overlap : -Math.min(Math.abs(c.x0 - b1), Math.abs(b0 - c.x1));
    if (s > score) {
      score = s;
      best = i;
    }
  });
  return best;
}

const same = (a: RawCell[], b: RawCell[]) => a.length === b.length && a.every((c, i) => (c ?? '') === (b[i] ?? ''));

/**
 * The rows of the table in a text PDF (of its first `readPages` pages: a preview needs only the first rows), numbered
 * from 1 in reading order; a PDF without text is analysis_pdf_scanned. A PDF of more than `caps.maxPages` pages, or
 * whose streams unpack to more than `caps.maxInflatedBytes`, is refused before its pages are read. pdf.js holds the
 * thread it runs in: the server calls this in a worker (see import.ts).
 */
export async function readPdfRows(bytes: Uint8Array, readPages = Infinity, caps: PdfCaps = PDF_LIMITS): Promise<{ number: number; cells: RawCell[] }[]> {
  const pages = await piecesOf(bytes, readPages, caps);
  if (pages.every((p) => p.length === 0)) throw new AppError('analysis_pdf_scanned');
  const pageLines = pages.map(linesOf);
  const bands = columnsOf(pageLines.flat().map((l) => l.chunks));
  const toCells = (line: Chunk[]): RawCell[] => {
    const cells: RawCell[] = Array.from({ length: bands.length }, () => null);
    for (const c of line) {
      const i = columnOf(c, bands);
      cells[i] = cells[i] ? `${cells[i]} ${c.text}` : c.text;
    }
    return cells;
  };
  const isPageNumber = ({ chunks }: Line) => chunks.length === 1 && PAGE_NUMBER.test(chunks[0].text);
  const pageRows = pageLines.map((lines) =>
    joinWrappedLines(
      lines.filter((l) => !isPageNumber(l)),
      toCells,
    ),
  );
  const first = pageRows[0];
  const headerAt = findHeaderRow(first.slice(0, 30));
  // What the first page shows above and as the header (titles, the column names) and each later page repeats.
  const furniture = headerAt >= 0 ? first.slice(0, headerAt + 1) : [];
  const rows: RawCell[][] = [...first];
  for (const cellsOfPage of pageRows.slice(1)) {
    for (const cells of cellsOfPage) if (!furniture.some((f) => same(f, cells))) rows.push(cells);
  }
  return rows.map((cells, i) => ({ number: i + 1, cells }));
}
