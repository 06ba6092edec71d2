import fs from 'node:fs';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';

/** Clicks what starts a download (`start`) and opens the xlsx the browser saved: its suggested file name and the workbook. */
export async function downloadWorkbook(page: Page, start: () => Promise<unknown>) {
  const [download] = await Promise.all([page.waitForEvent('download'), start()]);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(fs.readFileSync((await download.path())!) as unknown as ArrayBuffer);
  return { fileName: download.suggestedFilename(), book };
}

/** The first sheet's rows as ExcelJS gives them (1-based cells; row 1 is the header). */
export const firstSheetRows = (book: ExcelJS.Workbook) => book.worksheets[0].getSheetValues().filter(Boolean) as unknown[][];
