/**
 * CSV as spreadsheets save it (RFC 4180 quoting; comma, semicolon or tab: Excel in an Indonesian locale writes
 * semicolons because the comma is the decimal point), row by row from the bytes. UTF-8 with or without a BOM; a file
 * that is not valid UTF-8 is read as Windows-1252, what Excel writes by default.
 */

const decoder = (bytes: Uint8Array): string => {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
};

/** The delimiter of the first line: the most frequent of , ; and tab outside quotes. */
export function detectDelimiter(text: string): string {
  const counts = new Map<string, number>([[',', 0], [';', 0], ['\t', 0]]);
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
  const text = decoder(bytes);
  const delimiter = detectDelimiter(text);
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        if (ch === '\n') line++;
        cell += ch;
      }
      i++;
      continue;
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
      if (ch === '\r' && text[i + 1] === '\n') i++;
      line++;
      start = line;
    } else {
      cell += ch;
    }
    i++;
  }
  if (cell !== '' || cells.length) {
    cells.push(cell);
    yield { number: start, cells };
  }
}
