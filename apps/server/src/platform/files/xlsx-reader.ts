import path from 'node:path';
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { promisify } from 'node:util';
import { SaxesParser, type SaxesAttributeNS, type SaxesTagNS } from 'saxes';
import yauzl from 'yauzl';
import { AppError } from '../errors/app-error.ts';
import { expansionRefused, megabytes, SHEET_LIMITS, type ParseLimits } from './parse-limits.ts';

/**
 * A lean reader of the first worksheet of an xlsx file on disk, row by row. yauzl reads the zip (its central
 * directory, Zip64 included, then only the entries asked for, from the file on disk); saxes parses each part's XML as
 * it is inflated, with namespaces, so elements are known by their local name and namespace whatever prefix a writer
 * chose (`<x:row>` from the .NET OpenXML SDK as well as `<row>`). Memory is the shared strings plus one inflated chunk
 * and its rows, whatever the number of rows. ExcelJS's streaming reader builds a Row and 21 Cell objects and a list of
 * SAX events for every row; on the 50,000-row product file that alone raised the server's peak memory by about
 * 110 MiB (see docs/decisions/003-xlsx-reader.md).
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
  constructor(
    readonly reason: UnreadableReason,
    detail: string,
  ) {
    super(`${reason}: ${detail}`);
  }
}

/**
 * Limits of what is held: a part read whole (the shared strings are the largest), one row, and the text between two
 * tags (a parser buffers a text node until it ends). A file over them is a zip bomb or damaged, not a spreadsheet (the
 * 50 MB upload limit bounds the compressed size only). The archive's entry count is bounded too: an xlsx has dozens.
 */
const MAX_PART_CHARS = 256 * 2 ** 20;
const MAX_ROW_CHARS = 16 * 2 ** 20;
const MAX_ENTRIES = 100_000;

/** SpreadsheetML's namespace (transitional and strict OOXML); a part without a namespace is read too. */
const SHEET_NS = new Set(['http://schemas.openxmlformats.org/spreadsheetml/2006/main', 'http://purl.oclc.org/ooxml/spreadsheetml/main', '']);
/** The namespace of relationship ids (`r:id` of a workbook's `<sheet>`). */
const REL_ID_NS = new Set(['http://schemas.openxmlformats.org/officeDocument/2006/relationships', 'http://purl.oclc.org/ooxml/officeDocument/relationships']);
const PACKAGE_RELS_NS = new Set(['http://schemas.openxmlformats.org/package/2006/relationships', '']);

const openZip = promisify<string, yauzl.Options, yauzl.ZipFile>(yauzl.open);

export type ExpansionCaps = Pick<ParseLimits, 'maxInflatedBytes' | 'maxExpansionRatio'>;

/**
 * The archive's entries by name (the central directory only; no entry's data is read). An archive whose entries
 * declare more bytes unpacked than `caps` allow is refused here, before anything is inflated: a zip bomb. An entry that
 * inflates to more than it declares is refused while it is read (yauzl's validateEntrySizes).
 */
async function openArchive(fileName: string, caps: ExpansionCaps): Promise<{ zip: yauzl.ZipFile; entries: Map<string, yauzl.Entry> }> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(fileName, { lazyEntries: true, autoClose: false, validateEntrySizes: true });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    // yauzl says so when it finds no end-of-central-directory record: not a zip at all, or cut short.
    throw new XlsxUnreadable(/signature not found|comment length/i.test(message) ? 'not_zip' : 'damaged', message);
  }
  if (zip.entryCount > MAX_ENTRIES) {
    zip.close();
    throw new XlsxUnreadable('damaged', `${zip.entryCount} entries`);
  }
  const entries = new Map<string, yauzl.Entry>();
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        entries.set(entry.fileName, entry);
        zip.readEntry();
      });
      zip.once('end', resolve);
      zip.once('error', reject);
      zip.readEntry();
    });
  } catch (err) {
    zip.close();
    throw new XlsxUnreadable('damaged', err instanceof Error ? err.message : String(err));
  }
  // Later failures come through openReadStream's callback and the entry streams; one left over must not crash the process.
  zip.on('error', () => {});
  let unpacked = 0;
  for (const e of entries.values()) unpacked += e.uncompressedSize;
  if (expansionRefused(unpacked, zip.fileSize, caps)) {
    zip.close();
    throw new AppError('file_too_large_expanded', [megabytes(caps.maxInflatedBytes)]);
  }
  return { zip, entries };
}

/** The entry's uncompressed bytes (yauzl checks them against the size in the central directory). */
function openEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => (err ? reject(new XlsxUnreadable('damaged', `${entry.fileName}: ${err.message}`)) : resolve(stream)));
  });
}

/**
 * Feeds an entry's text to a namespace-aware parser, chunk by chunk, yielding after each chunk (and once after the end)
 * so the caller can hand on what the chunk completed; `next(true)` stops reading. Inflate, size and XML errors and the
 * limits become `damaged`.
 */
async function* parseEntry(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  parser: SaxesParser<{ xmlns: true }>,
  limits: { maxChars: number; maxGap: number; lastTag: () => number },
): AsyncGenerator<void, void, boolean | undefined> {
  const stream = await openEntry(zip, entry);
  const decoder = new StringDecoder('utf8');
  const write = (text: string) => {
    try {
      parser.write(text);
    } catch (err) {
      throw new XlsxUnreadable('damaged', `${entry.fileName}: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (parser.position > limits.maxChars) throw new XlsxUnreadable('damaged', `${entry.fileName} is larger than ${limits.maxChars} characters`);
    if (parser.position - limits.lastTag() > limits.maxGap)
      throw new XlsxUnreadable('damaged', `${entry.fileName} holds more than ${limits.maxGap} characters without a tag`);
  };
  try {
    for await (const chunk of stream) {
      write(decoder.write(chunk as Buffer));
      if (yield) return;
    }
    write(decoder.end());
    try {
      parser.close();
    } catch (err) {
      throw new XlsxUnreadable('damaged', `${entry.fileName}: ${err instanceof Error ? err.message : String(err)}`);
    }
    yield;
  } catch (err) {
    if (err instanceof XlsxUnreadable) throw err;
    throw new XlsxUnreadable('damaged', `${entry.fileName} cannot be inflated: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    stream.destroy();
  }
}

const isSheet = (tag: SaxesTagNS) => SHEET_NS.has(tag.uri);
const plainAttr = (tag: SaxesTagNS, local: string) => tag.attributes[local]?.value;

interface PartHandlers {
  opentag?: (tag: SaxesTagNS) => void;
  closetag?: (tag: SaxesTagNS) => void;
  text?: (text: string) => void;
}

/**
 * A namespace-aware parser with the given handlers (saxes keeps one handler per event), and the position of its last
 * tag, which the limits measure from.
 */
function xmlParser(h: PartHandlers) {
  const parser = new SaxesParser({ xmlns: true });
  const at = { lastTag: 0 };
  parser.on('opentag', (tag) => {
    at.lastTag = parser.position;
    h.opentag?.(tag);
  });
  parser.on('closetag', (tag) => {
    at.lastTag = parser.position;
    h.closetag?.(tag);
  });
  if (h.text) {
    parser.on('text', h.text);
    parser.on('cdata', h.text);
  }
  return { parser, lastTag: () => at.lastTag };
}

/** Reads a whole part through the handlers, within the part limit. */
async function readPart(zip: yauzl.ZipFile, entry: yauzl.Entry, handlers: PartHandlers) {
  if (entry.uncompressedSize > MAX_PART_CHARS * 4) throw new XlsxUnreadable('damaged', `${entry.fileName} is larger than ${MAX_PART_CHARS} characters`);
  const { parser, lastTag } = xmlParser(handlers);
  for await (const _ of parseEntry(zip, entry, parser, { maxChars: MAX_PART_CHARS, maxGap: MAX_ROW_CHARS, lastTag }));
}

/**
 * A copy of a string that keeps no larger string alive: V8 makes a substring a view of its parent (here a whole chunk
 * of XML), and a kept value would keep that parent. Concatenating and slicing again flattens into a string of its own.
 */
const detached = (s: string) => (s.length < 13 ? s : ` ${s}`.slice(1));

/** Resolves a relationship target against the folder of the part that names it. */
const partPath = (from: string, target: string) =>
  target.startsWith('/') ? target.slice(1) : path.posix.normalize(path.posix.join(path.posix.dirname(from), target));

async function relationships(zip: yauzl.ZipFile, entry: yauzl.Entry | undefined, from: string) {
  const byId = new Map<string, { type: string; target: string }>();
  if (!entry) return byId;
  await readPart(zip, entry, {
    opentag: (tag) => {
      if (tag.local !== 'Relationship' || !PACKAGE_RELS_NS.has(tag.uri)) return;
      const id = plainAttr(tag, 'Id');
      const target = plainAttr(tag, 'Target');
      if (id && target && plainAttr(tag, 'TargetMode') !== 'External') byId.set(id, { type: plainAttr(tag, 'Type') ?? '', target: partPath(from, target) });
    },
  });
  return byId;
}

/** The relationship id of the workbook's first `<sheet>` (its `r:id`, whatever the prefix). */
async function firstSheetId(zip: yauzl.ZipFile, entry: yauzl.Entry) {
  let id: string | undefined;
  let seen = false;
  await readPart(zip, entry, {
    opentag: (tag) => {
      if (seen || tag.local !== 'sheet' || !isSheet(tag)) return;
      seen = true;
      const attrs = Object.values(tag.attributes) as SaxesAttributeNS[];
      id = (attrs.find((a) => a.local === 'id' && REL_ID_NS.has(a.uri)) ?? attrs.find((a) => a.local === 'id'))?.value;
    },
  });
  return id;
}

/**
 * The text of string items (`<si>` of the shared strings, `<is>` of an inline string): their `<t>` pieces joined,
 * phonetic runs (`<rPh>`) left out. `open`/`close` are fed every element event inside a part.
 */
class StringItems {
  private inText = false;
  private phonetic = 0;
  text = '';

  open(tag: SaxesTagNS) {
    if (!isSheet(tag)) return;
    if (tag.local === 'rPh') this.phonetic++;
    else if (tag.local === 't' && this.phonetic === 0 && !tag.isSelfClosing) this.inText = true;
  }

  close(tag: SaxesTagNS) {
    if (!isSheet(tag)) return;
    if (tag.local === 'rPh') this.phonetic--;
    else if (tag.local === 't') this.inText = false;
  }

  add(text: string) {
    if (this.inText) this.text += text;
  }

  take() {
    const text = detached(this.text);
    this.text = '';
    this.inText = false;
    this.phonetic = 0;
    return text;
  }
}

async function sharedStrings(zip: yauzl.ZipFile, entry: yauzl.Entry | undefined): Promise<string[]> {
  const shared: string[] = [];
  if (!entry) return shared;
  const item = new StringItems();
  let inItem = false;
  await readPart(zip, entry, {
    opentag: (tag) => {
      if (tag.local === 'si' && isSheet(tag)) {
        inItem = !tag.isSelfClosing;
        if (tag.isSelfClosing) shared.push('');
      } else if (inItem) {
        item.open(tag);
      }
    },
    closetag: (tag) => {
      if (tag.local === 'si' && isSheet(tag)) {
        if (inItem) shared.push(item.take());
        inItem = false;
      } else if (inItem) {
        item.close(tag);
      }
    },
    text: (text) => {
      if (inItem) item.add(text);
    },
  });
  return shared;
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

function cellValue(type: string, v: string | undefined, inline: string | undefined, shared: string[]): XlsxCell {
  if (type === 'inlineStr') return inline ?? null;
  if (v === undefined) return null;
  switch (type) {
    case 's':
      return shared[Number(v)] ?? null;
    case 'str':
      return detached(v);
    case 'b':
      return v === '1' || v === 'true';
    case 'e':
      return { error: detached(v) };
    case 'd':
      return new Date(v);
    default: {
      const n = Number(v);
      return Number.isNaN(n) ? detached(v) : n;
    }
  }
}

/**
 * The rows of a worksheet, parsed chunk by chunk. A chunk's complete rows are parsed before any is handed on, and
 * their values are copies (see `detached`): while the caller awaits its database writes between rows only the values
 * and the parser's unfinished text are alive, never the chunk's text. (Text kept across those awaits outlives the
 * young generation and piles up in the old heap until a full collection: measured, most of the import's peak.)
 */
async function* sheetRows(zip: yauzl.ZipFile, entry: yauzl.Entry, shared: string[]): AsyncGenerator<XlsxRow> {
  const done: XlsxRow[] = [];
  let inData = false;
  let ended = false;
  let last = 0;
  let row: XlsxRow | undefined;
  let rowStart = 0;
  // The cell being read: its column and type, the text of its <v>, its inline string.
  let column = 0;
  let cell: { type: string; v?: string; inline?: string } | undefined;
  let inValue = false;
  let inInline = false;
  const inline = new StringItems();

  const opentag = (tag: SaxesTagNS) => {
    if (inInline) return inline.open(tag);
    if (!isSheet(tag)) return;
    switch (tag.local) {
      case 'sheetData':
        inData = !tag.isSelfClosing;
        ended = tag.isSelfClosing;
        return;
      case 'row':
        if (!inData) return;
        row = { number: Number(plainAttr(tag, 'r')) || last + 1, values: [] };
        last = row.number;
        rowStart = parser.position;
        column = 0;
        if (tag.isSelfClosing) {
          done.push(row);
          row = undefined;
        }
        return;
      case 'c': {
        if (!row) return;
        const ref = plainAttr(tag, 'r');
        column = ref ? columnNumber(ref) : column + 1;
        cell = { type: plainAttr(tag, 't') ?? 'n' };
        if (tag.isSelfClosing) cell = undefined;
        return;
      }
      case 'v':
        // `<v></v>` is an empty value (a number cell reads 0, as before); `<v/>` is none.
        inValue = !!cell && !tag.isSelfClosing;
        if (inValue) cell!.v = '';
        return;
      case 'is':
        if (cell && !tag.isSelfClosing) inInline = true;
        return;
    }
  };
  const closetag = (tag: SaxesTagNS) => {
    if (inInline) {
      if (tag.local === 'is' && isSheet(tag)) {
        inInline = false;
        if (cell) cell.inline = inline.take();
      } else {
        inline.close(tag);
      }
      return;
    }
    if (!isSheet(tag)) return;
    switch (tag.local) {
      case 'v':
        inValue = false;
        return;
      case 'c':
        if (row && cell) {
          const value = cellValue(cell.type, cell.v, cell.inline, shared);
          if (value !== null && value !== '') row.values[column] = value;
        }
        cell = undefined;
        return;
      case 'row':
        if (row) done.push(row);
        row = undefined;
        return;
      case 'sheetData':
        inData = false;
        ended = true;
    }
  };
  const text = (t: string) => {
    if (inInline) inline.add(t);
    else if (inValue && cell) cell.v = (cell.v ?? '') + t;
  };
  const { parser, lastTag } = xmlParser({ opentag, closetag, text });
  const chunks = parseEntry(zip, entry, parser, { maxChars: Number.MAX_SAFE_INTEGER, maxGap: MAX_ROW_CHARS, lastTag });
  // The rows a chunk completed before a failure in it are handed on first, then the failure.
  const next = async (stop?: boolean) => {
    try {
      return { step: await chunks.next(stop) };
    } catch (failure) {
      return { failure };
    }
  };
  try {
    let read = await next();
    for (;;) {
      const rows = done.splice(0);
      yield* rows;
      if ('failure' in read) throw read.failure;
      if (read.step.done) return;
      if (row && parser.position - rowStart > MAX_ROW_CHARS) throw new XlsxUnreadable('damaged', `a row longer than ${MAX_ROW_CHARS} characters`);
      read = await next(ended);
    }
  } finally {
    // A caller that stops early leaves the entry's stream open (and yauzl keeps the file open for it) until this.
    await chunks.return();
  }
}

/**
 * The source's items, read up to `max` ahead of the caller: while the caller awaits its database writes, the next
 * rows are inflated and parsed (PostgreSQL works on another core meanwhile) instead of after the writes. A failure of
 * the source comes after the items read before it; when the caller stops, the source is stopped and awaited.
 */
async function* readAhead<T>(source: AsyncGenerator<T>, max: number): AsyncGenerator<T> {
  const queue: T[] = [];
  let finished = false;
  let stopped = false;
  let failure: { error: unknown } | undefined;
  let wakeReader: (() => void) | undefined;
  let wakePump: (() => void) | undefined;
  const pump = (async () => {
    try {
      for await (const item of source) {
        queue.push(item);
        wakeReader?.();
        while (queue.length >= max && !stopped) await new Promise<void>((resolve) => (wakePump = resolve));
        if (stopped) break;
      }
    } catch (error) {
      failure = { error };
    } finally {
      finished = true;
      wakeReader?.();
    }
  })();
  try {
    for (;;) {
      if (queue.length) {
        const item = queue.shift()!;
        wakePump?.();
        wakePump = undefined;
        yield item;
      } else if (failure) {
        throw failure.error;
      } else if (finished) {
        return;
      } else {
        await new Promise<void>((resolve) => (wakeReader = resolve));
        wakeReader = undefined;
      }
    }
  } finally {
    stopped = true;
    wakePump?.();
    await pump;
  }
}

/** Rows read ahead of the caller (see readAhead): about one batch of the product import. */
const READ_AHEAD_ROWS = 1000;

/**
 * The rows of the workbook's first worksheet (in the workbook's sheet order), one at a time. Throws XlsxUnreadable
 * when the file is not a zip, is damaged, or holds no workbook with a worksheet, and file_too_large_expanded when its
 * entries unpack past `caps`. The server reads an upload through xlsx-worker.ts, in a worker thread.
 */
export async function* readXlsxRows(fileName: string, caps: ExpansionCaps = SHEET_LIMITS): AsyncGenerator<XlsxRow> {
  const { zip, entries } = await openArchive(fileName, caps);
  try {
    const entry = (name: string) => entries.get(name);
    const rootRels = await relationships(zip, entry('_rels/.rels'), '');
    const workbookPath = [...rootRels.values()].find((r) => r.type.endsWith('/officeDocument'))?.target ?? 'xl/workbook.xml';
    const workbook = entry(workbookPath);
    if (!workbook) throw new XlsxUnreadable('no_workbook', `${workbookPath} is missing`);
    const rels = await relationships(zip, entry(partPath(workbookPath, `_rels/${path.posix.basename(workbookPath)}.rels`)), workbookPath);
    const sheetId = await firstSheetId(zip, workbook);
    // Without the workbook's relationships the first worksheet part in the archive is taken (as ExcelJS did).
    const sheetPath = (sheetId && rels.get(sheetId)?.target) ?? [...entries.keys()].find((n) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n));
    const sheet = sheetPath ? entry(sheetPath) : undefined;
    if (!sheet) throw new XlsxUnreadable('no_workbook', 'no worksheet');
    const sharedPath =
      [...rels.values()].find((r) => r.type.endsWith('/sharedStrings'))?.target ?? path.posix.join(path.posix.dirname(workbookPath), 'sharedStrings.xml');
    const shared = await sharedStrings(zip, entry(sharedPath));
    yield* readAhead(sheetRows(zip, sheet, shared), READ_AHEAD_ROWS);
  } finally {
    zip.close();
  }
}
