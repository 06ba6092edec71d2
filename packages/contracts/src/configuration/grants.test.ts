import { describe, expect, it } from 'vitest';
import { endpoints } from '../index.ts';
import { APP_ROUTES } from '../routes.ts';
import { mayGrant } from './roles.ts';

const VARIANT = /^(writeAll|createEdit|readOnly)(.+)$/;
const STRONGER: Record<string, string[]> = { readOnly: ['createEdit', 'writeAll'], createEdit: ['writeAll'], writeAll: [] };

describe('mayGrant (issue 9: nobody grants a task they do not hold)', () => {
  it('allows a held task and a weaker variant of a held page task, nothing else', () => {
    const held = ['writeAllConfigUser', 'createEditErpProduct', 'viewCountChat'];
    for (const task of ['writeAllConfigUser', 'createEditConfigUser', 'readOnlyConfigUser', 'createEditErpProduct', 'readOnlyErpProduct', 'viewCountChat']) {
      expect(mayGrant(held, task), task).toBe(true);
    }
    for (const task of ['writeAllErpProduct', 'readOnlyConfigRole', 'viewSavedGraph', 'editManagementLeads', 'readOnlyErpProductX']) {
      expect(mayGrant(held, task), task).toBe(false);
    }
    expect(mayGrant([], 'readOnlyConfigUser')).toBe(false);
  });

  it('rests on every endpoint and page that accepts a weaker variant also accepting the stronger ones', () => {
    const lists: [string, readonly string[]][] = [
      ...Object.entries(endpoints)
        .map(([name, e]) => [name, e.access] as [string, unknown])
        .filter((x): x is [string, readonly string[]] => Array.isArray(x[1])),
      ...APP_ROUTES.map((r) => [r.path, r.tasks] as [string, readonly string[]]),
    ];
    expect(lists.length).toBeGreaterThan(100);
    const gaps = lists.flatMap(([name, access]) =>
      access.flatMap((task) => {
        const m = VARIANT.exec(task);
        return m ? STRONGER[m[1]].filter((v) => !access.includes(`${v}${m[2]}`)).map((v) => `${name}: ${task} without ${v}${m[2]}`) : [];
      }),
    );
    expect(gaps).toEqual([]);
  });
});
