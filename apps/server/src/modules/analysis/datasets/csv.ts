import { isUtf8 } from 'node:buffer';

/**
 * CSV as spreadsheets save it (RFC 4180 quoting; comma, semicolon or tab: Excel in an Indonesian locale writes
 * semicolons because the comma is the decimal point), row by row from the bytes. UTF-8 with or without a BOM; a file
 * that is not valid UTF-8 is read as Windows-1252, what Excel writes by default.
 */

/** UTF-8 when the bytes are valid UTF-8, else Windows-1252; checked without decoding the whole file. */
const encodingOf = (bytes: Uint8Array) => (isUtf8(bytes) ? 'utf-8' : 'windows-1252');
/** Bytes decoded at a time: the file's text is never held whole (a million-row CSV is tens of megabytes). */
const CHUNK = 1 << 20;

/** The delimiter of the first line: the most frequent of , ; and tab outside quotes. */
export function detectDelimiter(text: string): string {
  const counts = new Map<string, number>([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const ch of text.slice(0, 64 * 1024)) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0][0];
}

export interface CsvRow {
  /** The line number where the row starts (1 = the first line). */
  number: number;
  cells: string[];
}

/** The rows of a CSV file; a quoted cell may hold delimiters, doubled quotes and line breaks. */
export function* readCsvRows(bytes: Uint8Array): Generator<CsvRow> {
  const encoding = encodingOf(bytes);
  const head = new TextDecoder(encoding).decode(bytes.subarray(0, 64 * 1024), { stream: true }).replace(/^\uFEFF/, '');
  const decoder = new TextDecoder(encoding);
  const delimiter = detectDelimiter(head);
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let quoteEnded = false;
  let pendingCr = false;
  let line = 1;
  let start = 1;
  let first = true;
  for (let offset = 0; offset < bytes.length; offset += CHUNK) {
    let text = decoder.decode(bytes.subarray(offset, offset + CHUNK), { stream: offset + CHUNK < bytes.length });
    if (first) {
      text = text.replace(/^\uFEFF/, '');
      first = false;
    }
    for (let i = 0; i < text.length; i++) {
      const ch = text[i];
      if (pendingCr) {
        pendingCr = false;
        if (ch === '\n') continue;
      }
      if (quoted) {
        if (quoteEnded) {
          quoteEnded = false;
          if (ch === '"') {
            cell += '"';
            continue;
          }
          quoted = false;
        } else {
          if (ch === '"') quoteEnded = true;
          else {
            if (ch === '\n') line++;
            cell += ch;
          }
          continue;
        }
      }
      if (ch === '"' && cell === '') {
        quoted = true;
      } else if (ch === delimiter) {
        cells.push(cell);
        cell = '';
      } else if (ch === '\n' || ch === '\r') {
        cells.push(cell);
        yield { number: start, cells };
        cells = [];
        cell = '';
        pendingCr = ch === '\r';
        line++;
        start = line;
      } else {
        cell += ch;
      }
    }
  }
  if (cell !== '' || cells.length) {
    cells.push(cell);
    yield { number: start, cells };
  }
}
