import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { AREA_TEXTS, loadAreaTextsIn, loadAreaTextsOf } from './area-texts.ts';
import * as idTexts from './texts-id.ts';
import * as enTexts from './texts-en.ts';
import { messages } from './resources.ts';

describe('texts that load with their area', () => {
  beforeAll(async () => {
    await i18n.init({ resources: {}, lng: 'id', showSupportNotice: false });
  });

  it('leaves the accounting and administration texts out of the language chunks, and nothing else', () => {
    for (const [lang, texts] of [
      ['id', idTexts.messages],
      ['en', enTexts.messages],
    ] as const) {
      expect(texts).not.toHaveProperty('masterKit');
      expect(texts).toHaveProperty('listKit');
      const missing = Object.keys(messages[lang]).filter((ns) => !(ns in texts));
      expect(missing.sort()).toEqual(
        [
          'auditLog',
          'acCatalog',
          'acCountry',
          'adminLeads',
          'adminPromo',
          'approvals',
          'acCurrency',
          'acImport',
          'acProduct',
          'acRate',
          'acSetup',
          'acWarehouse',
          'cashBankPage',
          'coaAccounts',
          'coaGroups',
          'docTemplates',
          'documents',
          'employeePage',
          'inbox',
          'journals',
          'ledger',
          'masterKit',
          'partnerPage',
          'reports',
          'segmentGroups',
        ].sort(),
      );
    }
  });

  it('loads an area in the languages in use, and in a language that comes into use later', async () => {
    await loadAreaTextsIn('id');
    expect(i18n.exists('masterKit.import', { lng: 'id' })).toBe(false);
    await loadAreaTextsOf('accounting');
    expect(i18n.getResource('id', 'translation', 'coaGroups')).toEqual(messages.id.coaGroups);
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false);
    await loadAreaTextsIn('en');
    expect(i18n.getResource('en', 'translation', 'coaGroups')).toEqual(messages.en.coaGroups);
  });

  it('does nothing for an area whose texts come with the language', async () => {
    await loadAreaTextsOf('configuration');
    expect(i18n.getResource('id', 'translation', 'configUser')).toBeUndefined();
  });

  it("has each area's texts used only by that area's pages, which load them first", async () => {
    const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    const files = (dir: string): string[] =>
      fs
        .readdirSync(dir, { withFileTypes: true })
        .flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) && !/\.test\./.test(e.name) ? [path.join(dir, e.name)] : []));
    const misplaced: string[] = [];
    for (const [area, loaders] of Object.entries(AREA_TEXTS)) {
      const namespaces = (await Promise.all(Object.values(loaders).map((read) => read()))).flatMap((tree) => Object.keys(tree));
      expect(namespaces.length).toBeGreaterThan(0);
      for (const file of files(src)) {
        if (file.startsWith(path.join(src, 'features', area) + path.sep)) continue;
        const text = fs.readFileSync(file, 'utf8');
        for (const ns of namespaces) if (new RegExp(`['"\`]${ns}\\.`).test(text)) misplaced.push(`${path.relative(src, file)}: ${ns}`);
      }
    }
    expect(misplaced).toEqual([]);
  });
});
