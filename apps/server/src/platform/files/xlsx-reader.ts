import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { createInflateRaw } from 'node:zlib';
import { Readable } from 'node:stream';

/**
 * A lean reader of the first worksheet of an xlsx file on disk, row by row. It reads the zip's central directory,
 * inflates only the entries it needs (the workbook, its relationships, the shared strings, the one worksheet) and
 * scans the worksheet's XML one `<row>` at a time, so its memory is the shared strings plus one inflated chunk,
 * whatever the number of rows. ExcelJS's streaming reader builds a Row and 21 Cell objects and a list of SAX events
 * for every row; on the 50,000-row product file that alone raised the server's peak memory by about 110 MiB.
 *
 * Cell values come out as ExcelJS's reader gives them without styles (see cellText): text, numbers, booleans,
 * `{ error }` for error cells and Dates for ISO date cells. Failures are `XlsxUnreadable` with a reason the caller
 * turns into a catalogued code; nothing here is a message for a user.
 */

export type XlsxCell = string | number | boolean | Date | { error: string } | null;
export interface XlsxRow {
  /** The row's number in the sheet (1 = the first row). */
  number: number;
  /** The cells by column number, 1-based, as ExcelJS's `row.values` (index 0 and blank cells are holes). */
  values: XlsxCell[];
}

export type UnreadableReason = 'not_zip' | 'damaged' | 'no_workbook';
/** The file cannot be read as an xlsx; `reason` says why (never shown as such: the importer maps it to a code). */
export class XlsxUnreadable extends Error {
  constructor(readonly reason: UnreadableReason, detail: string) {
    super(`${reason}: ${detail}`);
  }
}

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  localOffset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** The zip's entries by name, from its central directory (the end of the file). */
async function centralDirectory(file: fs.FileHandle, size: number): Promise<Map<string, Entry>> {
  const tail = Math.min(size, 65_557); // the end record (22 bytes) and a comment of at most 65,535 bytes
  const end = Buffer.alloc(tail);
  await file.read(end, 0, tail, size - tail);
  let at = -1;
  for (let i = tail - 22; i >= 0; i--) {
    if (end.readUInt32LE(i) === EOCD) {
      at = i;
      break;
    }
  }
  if (at < 0) throw new XlsxUnreadable('not_zip', 'no end of central directory');
  const count = end.readUInt16LE(at + 10);
  const dirSize = end.readUInt32LE(at + 12);
  const dirOffset = end.readUInt32LE(at + 16);
  if (dirOffset === 0xffffffff || dirOffset + dirSize > size) throw new XlsxUnreadable('damaged', 'central directory out of range');
  const dir = Buffer.alloc(dirSize);
  await file.read(dir, 0, dirSize, dirOffset);
  const entries = new Map<string, Entry>();
  let p = 0;
  for (let i = 0; i < count; i++) {
    if (p + 46 > dir.length || dir.readUInt32LE(p) !== CENTRAL) throw new XlsxUnreadable('damaged', 'bad central directory entry');
    const nameLength = dir.readUInt16LE(p + 28);
    const extraLength = dir.readUInt16LE(p + 30);
    const commentLength = dir.readUInt16LE(p + 32);
    const name = dir.toString('utf8', p + 46, p + 46 + nameLength);
    entries.set(name.replace(/^\//, ''), {
      name, method: dir.readUInt16LE(p + 10), compressedSize: dir.readUInt32LE(p + 20), localOffset: dir.readUInt32LE(p + 42),
    });
    p += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The entry's uncompressed bytes as a stream (stored or deflated). */
async function openEntry(file: fs.FileHandle, fileName: string, size: number, entry: Entry): Promise<Readable> {
  const local = Buffer.alloc(30);
  await file.read(local, 0, 30, entry.localOffset);
  if (local.readUInt32LE(0) !== LOCAL) throw new XlsxUnreadable('damaged', `bad local header of ${entry.name}`);
  const start = entry.localOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  if (start + entry.compressedSize > size) throw new XlsxUnreadable('damaged', `${entry.name} runs past the end`);
  if (entry.method !== 0 && entry.method !== 8) throw new XlsxUnreadable('damaged', `compression method ${entry.method}`);
  if (entry.compressedSize === 0) return Readable.from([]);
  const raw = createReadStream(fileName, { start, end: start + entry.compressedSize - 1 });
  if (entry.method === 0) return raw;
  const inflate = createInflateRaw();
  raw.on('error', (err) => inflate.destroy(err));
  return raw.pipe(inflate);
}

/** Text chunks of an entry, decoded as UTF-8; inflate errors become `damaged`. */
async function* textOf(stream: Readable, name: string): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  try {
    for await (const chunk of stream) yield decoder.write(chunk as Buffer);
  } catch (err) {
    if (err instanceof XlsxUnreadable) throw err;
    throw new XlsxUnreadable('damaged', `${name} cannot be inflated`);
  }
  const rest = decoder.end();
  if (rest) yield rest;
}

/**
 * Limits of what is held whole: a part read at once (the shared strings are the largest) and one row. A file over
 * them is a zip bomb or damaged, not a spreadsheet (the 50 MB upload limit bounds the compressed size only).
 */
const MAX_PART_CHARS = 256 * 2 ** 20;
const MAX_ROW_CHARS = 16 * 2 ** 20;

async function wholeText(stream: Readable, name: string): Promise<string> {
  let text = '';
  for await (const part of textOf(stream, name)) {
    text += part;
    if (text.length > MAX_PART_CHARS) {
      stream.destroy();
      throw new XlsxUnreadable('damaged', `${name} is larger than ${MAX_PART_CHARS} characters`);
    }
  }
  return text;
}

const ENTITY = /&(?:#(\d+)|#x([0-9a-fA-F]+)|(lt|gt|amp|quot|apos));/g;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const unescape = (s: string) => (s.includes('&') ? s.replace(ENTITY, (_m, dec?: string, hex?: string, name?: string) => (name ? NAMED[name] : String.fromCodePoint(dec ? Number(dec) : parseInt(hex!, 16)))) : s);

/**
 * A copy of a string that keeps no larger string alive: V8 makes a substring a view of its parent (here a whole chunk
 * of XML), and a kept value would keep that parent. Concatenating and slicing again flattens into a string of its own.
 */
const detached = (s: string) => (s.length < 13 ? s : (` ${s}`).slice(1));

const attributes = new Map<string, RegExp>();
const attr = (tag: string, name: string) => {
  let re = attributes.get(name);
  if (!re) attributes.set(name, (re = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`)));
  const m = re.exec(tag);
  return m ? unescape(m[1] ?? m[2]) : undefined;
};

/** The text of a string item (`<si>` or `<is>`): its `<t>` pieces joined, phonetic runs left out. */
const stringItem = (xml: string) => {
  const body = xml.includes('<rPh') ? xml.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '') : xml;
  let text = '';
  for (const m of body.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)) text += m[1];
  return unescape(text);
};

/** Resolves a relationship target against the folder of the part that names it. */
const partPath = (from: string, target: string) => (target.startsWith('/') ? target.slice(1) : path.posix.normalize(path.posix.join(path.posix.dirname(from), target)));

function relationships(xml: string | undefined, from: string) {
  const byId = new Map<string, { type: string; target: string }>();
  for (const m of (xml ?? '').matchAll(/<Relationship\b[^>]*>/g)) {
    const id = attr(m[0], 'Id');
    const target = attr(m[0], 'Target');
    if (id && target && attr(m[0], 'TargetMode') !== 'External') byId.set(id, { type: attr(m[0], 'Type') ?? '', target: partPath(from, target) });
  }
  return byId;
}

const columnNumber = (ref: string) => {
  let n = 0;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c < 65 || c > 90) break;
    n = n * 26 + (c - 64);
  }
  return n;
};

const CELL = /<c(?=[\s>/])([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g;
const VALUE = /<v(?:\s[^>]*)?>([\s\S]*?)<\/v>/;

function cellValue(attrs: string, inner: string | undefined, shared: string[]): XlsxCell {
  const type = attr(attrs, 't') ?? 'n';
  if (type === 'inlineStr') return inner ? detached(stringItem(inner)) : null;
  const v = inner ? VALUE.exec(inner)?.[1] : undefined;
  if (v === undefined) return null;
  switch (type) {
    case 's':
      return shared[Number(v)] ?? null;
    case 'str':
      return detached(unescape(v));
    case 'b':
      return v === '1' || v === 'true';
    case 'e':
      return { error: detached(unescape(v)) };
    case 'd':
      return new Date(unescape(v));
    default: {
      const n = Number(v);
      return Number.isNaN(n) ? detached(unescape(v)) : n;
    }
  }
}

function parseRow(xml: string, fallbackNumber: number, shared: string[]): XlsxRow {
  const close = xml.indexOf('>');
  const number = Number(attr(xml.slice(0, close + 1), 'r')) || fallbackNumber;
  const values: XlsxCell[] = [];
  if (xml[close - 1] === '/') return { number, values };
  let column = 0;
  for (const m of xml.slice(close + 1).matchAll(CELL)) {
    const ref = attr(m[1], 'r');
    column = ref ? columnNumber(ref) : column + 1;
    const value = cellValue(m[1], m[2], shared);
    if (value !== null && value !== '') values[column] = value;
  }
  return { number, values };
}

const ROW_START = /<row(?=[\s>/])/g;

/**
 * The rows of a worksheet's XML, scanned chunk by chunk. A chunk's complete rows are parsed before any is handed on,
 * and their values are copies (see `detached`): while the caller awaits its database writes between rows only the
 * values and the unfinished tail are alive, never the chunk's text. (Text kept across those awaits outlives the
 * young generation and piles up in the old heap until a full collection: measured, most of the import's peak.)
 */
async function* sheetRows(chunks: AsyncIterable<string>, shared: string[]): AsyncGenerator<XlsxRow> {
  const state: RowScan = { tail: [], tailChars: 0, inData: false, last: 0 };
  for await (const chunk of chunks) {
    const { rows, ended } = completeRows(state, chunk, shared);
    yield* rows;
    if (ended) return;
  }
}

interface RowScan {
  /** The text after the last complete row, in the pieces it came in (a row longer than a chunk is joined once, at its end). */
  tail: string[];
  tailChars: number;
  inData: boolean;
  last: number;
}

/** The complete rows of the text so far (the tail left by the chunks before, then this one); keeps the rest as the tail. */
function completeRows(state: RowScan, chunk: string, shared: string[]) {
  const rows: XlsxRow[] = [];
  const before = state.tail.at(-1) ?? '';
  if (state.inData && state.tail.length && !(before.slice(-5) + chunk).includes('</row>') && !chunk.includes('<row')) {
    // Still inside one long row: keep the piece, join nothing yet.
    state.tail.push(chunk);
    state.tailChars += chunk.length;
    if (state.tailChars > MAX_ROW_CHARS) throw new XlsxUnreadable('damaged', `a row longer than ${MAX_ROW_CHARS} characters`);
    return { rows, ended: false };
  }
  let text = state.tail.join('') + chunk;
  if (!state.inData) {
    const at = text.indexOf('<sheetData');
    if (at < 0) {
      state.tail = [detached(text.slice(Math.max(0, text.length - 16)))];
      return { rows, ended: false };
    }
    state.inData = true;
    text = text.slice(at);
  }
  let from = 0;
  for (;;) {
    ROW_START.lastIndex = from;
    const start = ROW_START.exec(text);
    if (!start) break;
    const tagEnd = text.indexOf('>', start.index);
    if (tagEnd < 0) break;
    let end: number;
    if (text[tagEnd - 1] === '/') {
      end = tagEnd + 1;
    } else {
      const closeAt = text.indexOf('</row>', tagEnd);
      if (closeAt < 0) break;
      end = closeAt + 6;
    }
    const row = parseRow(text.slice(start.index, end), state.last + 1, shared);
    state.last = row.number;
    from = end;
    rows.push(row);
  }
  const rest = detached(text.slice(from));
  state.tail = [rest];
  state.tailChars = rest.length;
  if (rest.length > MAX_ROW_CHARS) throw new XlsxUnreadable('damaged', `a row longer than ${MAX_ROW_CHARS} characters`);
  return { rows, ended: text.includes('</sheetData>', from) };
}

/**
 * The rows of the workbook's first worksheet (in the workbook's sheet order), one at a time. Throws XlsxUnreadable
 * when the file is not a zip, is damaged, or holds no workbook with a worksheet.
 */
export async function* readXlsxRows(fileName: string): AsyncGenerator<XlsxRow> {
  const file = await fs.open(fileName, 'r');
  try {
    const { size } = await file.stat();
    if (size < 22) throw new XlsxUnreadable('not_zip', 'too short');
    const entries = await centralDirectory(file, size);
    const text = async (name: string) => {
      const entry = entries.get(name);
      return entry ? wholeText(await openEntry(file, fileName, size, entry), name) : undefined;
    };
    const rootRels = relationships(await text('_rels/.rels'), '');
    const workbookPath = [...rootRels.values()].find((r) => r.type.endsWith('/officeDocument'))?.target ?? 'xl/workbook.xml';
    const workbook = await text(workbookPath);
    if (workbook === undefined) throw new XlsxUnreadable('no_workbook', `${workbookPath} is missing`);
    const rels = relationships(await text(partPath(workbookPath, `_rels/${path.posix.basename(workbookPath)}.rels`)), workbookPath);
    const firstSheet = /<sheet\b[^>]*>/.exec(workbook)?.[0];
    const sheetId = firstSheet && (attr(firstSheet, 'r:id') ?? attr(firstSheet, 'id'));
    // Without the workbook's relationships the first worksheet part in the archive is taken (as ExcelJS did).
    const sheetPath = (sheetId && rels.get(sheetId)?.target) ?? [...entries.keys()].find((n) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n));
    const sheet = sheetPath ? entries.get(sheetPath) : undefined;
    if (!sheet) throw new XlsxUnreadable('no_workbook', 'no worksheet');
    const sharedPath = [...rels.values()].find((r) => r.type.endsWith('/sharedStrings'))?.target ?? path.posix.join(path.posix.dirname(workbookPath), 'sharedStrings.xml');
    const sharedXml = await text(sharedPath);
    const shared: string[] = [];
    if (sharedXml) for (const m of sharedXml.matchAll(/<si>([\s\S]*?)<\/si>|<si\/>/g)) shared.push(m[1] ? detached(stringItem(m[1])) : '');
    yield* sheetRows(textOf(await openEntry(file, fileName, size, sheet), sheetPath!), shared);
  } finally {
    await file.close();
  }
}
