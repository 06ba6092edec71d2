import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { APP_ROUTES, AREAS, LANGUAGES, PUBLIC_ROUTES } from '@nusa/contracts';
import { messages, resources } from './resources.ts';

type Tree = { [key: string]: string | Tree };

const flatten = (tree: Tree, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v]] : Object.entries(flatten(v, `${prefix}${k}.`)))),
  );

const id = flatten(messages.id as Tree);
const en = flatten(messages.en as Tree);
const all = { id: flatten(resources.id.translation as unknown as Tree), en: flatten(resources.en.translation as unknown as Tree) };
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe('i18n resources', () => {
  it('id.json and en.json have the same keys', () => {
    const onlyId = Object.keys(id).filter((k) => !(k in en));
    const onlyEn = Object.keys(en).filter((k) => !(k in id));
    expect({ onlyId, onlyEn }).toEqual({ onlyId: [], onlyEn: [] });
  });

  it('no text is empty and both languages use the same placeholders', () => {
    for (const [key, text] of Object.entries(id)) {
      expect(text.trim(), key).not.toBe('');
      expect(en[key].trim(), key).not.toBe('');
      expect(placeholders(en[key]), key).toEqual(placeholders(text));
    }
  });

  it('merges the error catalogue under error.*', () => {
    expect(all.id['error.session-expired']).toBe('Sesi Login Berakhir, Silakan Login Kembali Untuk Melanjutkan.');
    expect(all.en['error.session-expired']).toBe('Login Session Expired, Please Login Again To Continue.');
    expect(all.en['error.copy_limit_exceeded']).toBeDefined();
  });

  it('has every title of the route table and every language name', () => {
    const keys = [...AREAS.map((a) => a.titleKey), ...APP_ROUTES.map((r) => r.titleKey), ...PUBLIC_ROUTES.map((r) => r.titleKey)];
    for (const lang of LANGUAGES) keys.push(`language.${lang}`);
    expect(keys.filter((k) => !(k in id))).toEqual([]);
  });

  it('has every key the source code names', () => {
    const namespaces = new Set(Object.keys(resources.id.translation));
    const missing: string[] = [];
    let found = 0;
    for (const file of sourceFiles(srcDir)) {
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(/['"`]([a-zA-Z]+)\.([\w.-]+)['"`]/g)) {
        if (!namespaces.has(m[1])) continue;
        found++;
        const key = `${m[1]}.${m[2]}`;
        if (!(key in all.id) || !(key in all.en)) missing.push(`${path.relative(srcDir, file)}: ${key}`);
      }
    }
    expect(found).toBeGreaterThan(50);
    expect(missing).toEqual([]);
  });
});
