import ExcelJS from 'exceljs';

export interface XlsxColumn<T> {
  header: string;
  width?: number;
  value: (row: T) => string | number | Date | null;
  /** Excel number format, e.g. 'dd/mm/yyyy hh:mm' or '#,##0'. */
  format?: string;
}

/** The sheet's columns: headers, widths and number formats (the streaming writer, xlsx-stream.ts, uses them too). */
export const sheetColumns = <T>(columns: XlsxColumn<T>[]): Partial<ExcelJS.Column>[] =>
  columns.map((c, i) => ({
    header: c.header,
    key: String(i),
    width: c.width ?? Math.max(12, c.header.length + 2),
    style: c.format ? { numFmt: c.format } : {},
  }));

/**
 * A name Excel accepts for a sheet: at most 31 characters, none of * ? : \\ / [ ], no quote at either end, not
 * "History" (a dataset or report named "Penjualan 1/2" made ExcelJS throw, a 500).
 */
export function sheetNameOf(name: string): string {
  const cut = name
    .replace(/[*?:/\\[\]]/g, '_')
    .slice(0, 31)
    .replace(/^'|'$/g, '_');
  return cut === '' ? 'Sheet1' : cut === 'History' ? 'History_' : cut;
}

/** A one-sheet workbook with a bold, frozen header row and an auto-filter. */
export async function writeXlsx<T>(sheetName: string, columns: XlsxColumn<T>[], rows: Iterable<T>): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.created = new Date();
  const sheet = book.addWorksheet(sheetNameOf(sheetName), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = sheetColumns(columns);
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(columns.map((c) => c.value(row)));
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  return Buffer.from(await book.xlsx.writeBuffer());
}
