import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { TestApp } from './test-app.ts';

/** Checks of a sortable list (architecture §4): the order of `sort`, stable paging, a refused bad sort, the export's order. */
export function listSortChecks(t: TestApp, token: () => string, url: string, label: (item: Record<string, unknown>) => string) {
  const get = (query: string) => t.request({ method: 'GET', url: `${url}?${query}`, token: token() });
  const labels = async (query: string): Promise<string[]> => {
    const res = await get(query);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().items as Record<string, unknown>[]).map(label);
  };
  return {
    labels,

    /** Page after page at `limit` is the whole sorted list, in order, once each. */
    async expectStablePages(query: string, limit: 5 | 25) {
      const whole = await labels(`${query}&limit=100`);
      const pages: string[] = [];
      for (let page = 1; (page - 1) * limit < whole.length; page++) pages.push(...(await labels(`${query}&limit=${limit}&page=${page}`)));
      expect(pages).toEqual(whole);
      expect(new Set(pages).size).toBe(pages.length);
    },

    /** A sort the list does not offer is a 400 naming the query field, like any bad query value; the list is unchanged. */
    async expectRefused(query: string, sort: string) {
      const before = await labels(query);
      const res = await get(`${query}&sort=${encodeURIComponent(sort)}`);
      expect(res.statusCode, sort).toBe(400);
      expect(res.json()).toEqual({
        errorCode: 'invalid_input_format',
        errorArgs: ['querystring.sort', expect.stringMatching(/^sort must be one of [a-zA-Z]+, -[a-zA-Z]+, /)],
      });
      expect(await labels(query)).toEqual(before);
    },

    /** The xlsx export of the same filter and sort: the first column (codes) of its rows under the heading. */
    async exportedCodes(exportUrl: string, query: string): Promise<string[]> {
      const res = await t.request({ method: 'GET', url: `${exportUrl}?${query}`, token: token() });
      expect(res.statusCode, res.body).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const codes: string[] = [];
      book.worksheets[0].eachRow((row, n) => {
        if (n > 1) codes.push(String(row.getCell(1).value));
      });
      return codes;
    },
  };
}
