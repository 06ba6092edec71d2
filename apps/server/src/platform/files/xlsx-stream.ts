import { once, type EventEmitter } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { sheetColumns, sheetNameOf, type XlsxColumn } from './xlsx.ts';

/** How a streamed workbook ended: every row written, or the reader went away first (nothing more was read). */
export type XlsxStreamEnd = 'complete' | 'abandoned';

export interface XlsxStream {
  /** The xlsx file as it is written; it ends after the last row and the workbook's closing parts. */
  file: Readable;
  /**
   * Settles once no more rows will be read: 'complete' after the last one (the zip's tail may still be leaving),
   * 'abandoned' when `file` was destroyed first (a client that went away). Rejects when reading the rows failed;
   * `file` is then destroyed with that error.
   */
  done: Promise<XlsxStreamEnd>;
}

/**
 * The one-sheet workbook of writeXlsx (bold frozen header row, auto-filter, the columns' widths and number formats),
 * written row by row as `rows` yields them, with inline strings instead of a shared-strings table, so that memory
 * stays bounded whatever the number of rows. Rows are read only as fast as the reader of `file` takes the bytes.
 */
export function streamXlsx<T>(sheetName: string, columns: XlsxColumn<T>[], rows: AsyncIterable<T>): XlsxStream {
  const file = new PassThrough();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: file, useStyles: true, useSharedStrings: false });
  const zip = (book as unknown as { zip: Zip }).zip;
  let closed = false;
  const gone = new Promise<void>((resolve) =>
    file.once('close', () => {
      closed = true;
      resolve();
    }),
  );
  zip.on('error', (err: Error) => file.destroy(err));

  const write = async (): Promise<XlsxStreamEnd> => {
    const sheet = book.addWorksheet(sheetNameOf(sheetName), { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = sheetColumns(columns);
    const header = sheet.getRow(1);
    header.font = { bold: true };
    header.commit();
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
    const sheetXml = (sheet as unknown as { stream: { pipes: Queue[] } }).stream.pipes[0];
    const full = () => queued(sheetXml) > MAX_XML || (zip._readableState?.length ?? 0) > MAX_ZIPPED;
    for await (const row of rows) {
      if (closed) break;
      sheet.addRow(columns.map((c) => c.value(row))).commit();
      while (full() && !closed) await progress([sheetXml, file], gone);
      if (closed) break;
    }
    if (closed) {
      zip.abort();
      return 'abandoned';
    }
    sheet.commit();
    await book.commit();
    return 'complete';
  };
  const done = write().catch((err: unknown) => {
    zip.abort();
    file.destroy(err as Error);
    throw err;
  });
  return { file, done };
}

/*
 * Neither part of ExcelJS 4.4.0's writer waits for its reader: the sheet's StreamBuf writes its XML to the stream
 * archiver reads it through whatever that stream answers, and archiver pushes the compressed zip into its readable
 * side whether or not it is being read. So the writer measures what waits in those two places (internals of
 * exceljs 4.4.0 / archiver 5, pinned by the lockfile; xlsx-stream.unit.test.ts fails if rows are read without bound
 * while nobody takes the file) and writes the next row only once both are under their bound: about a megabyte of XML
 * in all (the zip is a tenth of the XML or less).
 */
const MAX_XML = 512 * 2 ** 10;
const MAX_ZIPPED = 64 * 2 ** 10;
interface Queue extends EventEmitter {
  _writableState?: { length: number };
}
interface Zip extends EventEmitter {
  _readableState?: { length: number };
  abort(): void;
}
const queued = (s: Queue | undefined) => s?._writableState?.length ?? 0;

/** Until the deflater took some XML, the reader took some of the file, the file was dropped, or a moment passed. */
async function progress(streams: (EventEmitter | undefined)[], gone: Promise<void>) {
  const stop = new AbortController();
  try {
    await Promise.race([
      ...streams.filter((s) => s !== undefined).map((s) => once(s, 'drain', { signal: stop.signal })),
      gone,
      // A safety net only: a drain not seen (a state these streams were not expected to be in) is re-checked soon.
      sleep(250, undefined, { signal: stop.signal }),
    ]);
  } finally {
    stop.abort();
  }
}
