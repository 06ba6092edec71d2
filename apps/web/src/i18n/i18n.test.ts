import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { APP_ROUTES, AREAS, LANGUAGES, LEAD_STATUSES, PUBLIC_ROUTES, type LeadStatus } from '@nusa/contracts';
import { messages, resources } from './resources.ts';
import { errorKey, textOfKey, type TextKey } from './keys.ts';

type Tree = { [key: string]: string | Tree };

const flatten = (tree: Tree, prefix = ''): Record<string, string> =>
  Object.fromEntries(Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v]] : Object.entries(flatten(v, `${prefix}${k}.`)))));

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

  it('types its keys from every file of Indonesian texts (i18next.d.ts)', () => {
    const declaration = fs.readFileSync(path.join(srcDir, 'i18n', 'i18next.d.ts'), 'utf8');
    const named = [...declaration.matchAll(/^import type \w+ from '\.\/([\w./-]+\.json)';$/gm)].map((m) => m[1]).sort();
    const files = [
      'id.json',
      ...fs
        .readdirSync(path.join(srcDir, 'i18n', 'modules'))
        .filter((f) => f.endsWith('.id.json'))
        .map((f) => `modules/${f}`),
    ].sort();
    expect(named).toEqual(files);
  });

  // The @ts-expect-error lines are the test of `tsc -p apps/web`: each fails the type-check once its key compiles.
  it('refuses, at compile time, a key without text, also one built from a union with a member without text', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ resources, lng: 'id', interpolation: { escapeValue: false }, showSupportNotice: false });
    // @ts-expect-error a key that names no text
    expect(i18n.t('adminLeads.noSuchText')).toBe('adminLeads.noSuchText');
    const statuses: readonly (LeadStatus | 'ARCHIVED')[] = [...LEAD_STATUSES, 'ARCHIVED'];
    // @ts-expect-error a status the contracts do not have, so no text either: the template over the union does not compile
    expect(statuses.map((s) => i18n.t(`adminLeads.statuses.${s}`)).at(-1)).toBe('adminLeads.statuses.ARCHIVED');
    // Every member of the real union has its text in both languages.
    for (const s of LEAD_STATUSES) {
      const key: TextKey = `adminLeads.statuses.${s}`;
      expect(key in all.id && key in all.en, key).toBe(true);
    }
    expect(i18n.t(errorKey('copy.limit.exceeded'))).toBe(all.id['error.copy_limit_exceeded']);
    expect(textOfKey(i18n.t, 'page.login')).toBe(all.id['page.login']);
  });
});
