import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ERRORS, errorTexts } from '@nusa/contracts';
import { ERROR_TEXT_MODULES, withoutTexts } from './error-catalogue.ts';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const catalogue = fs.readFileSync(path.resolve(web, '../../packages/contracts/src/errors.ts'), 'utf8');

/** Evaluates the stripped catalogue (plain JavaScript once its types are gone) and answers its ERRORS. */
async function strippedErrors(): Promise<Record<string, { status: number; id: string; en: string }>> {
  const { transformWithOxc } = await import('vite');
  const js = (await transformWithOxc(withoutTexts(catalogue), 'errors.ts', { lang: 'ts' })).code;
  const mod = (await import(`data:text/javascript;base64,${Buffer.from(js).toString('base64')}`)) as { ERRORS: typeof ERRORS };
  return mod.ERRORS;
}

describe('the error catalogue of the web build', () => {
  it('keeps every code and status and no text', async () => {
    const stripped = await strippedErrors();
    expect(Object.keys(stripped)).toEqual(Object.keys(ERRORS));
    for (const [code, entry] of Object.entries(ERRORS)) expect(stripped[code]).toEqual({ status: entry.status, id: '', en: '' });
    expect(withoutTexts(catalogue)).not.toContain('Nama pengguna atau kata sandi salah');
  });

  it('gives each language its texts in a module of its own, loaded with that language', () => {
    for (const [lang, file] of Object.entries(ERROR_TEXT_MODULES)) {
      expect(fs.readFileSync(path.join(web, file), 'utf8')).toContain(`errorTexts('${lang}')`);
      expect(fs.readFileSync(path.join(web, `src/i18n/texts-${lang}.ts`), 'utf8')).toContain(`from './${path.basename(file)}'`);
    }
    expect(errorTexts('en').invalid_username_or_password).toBe('Invalid username or password');
  });

  it('is a build plugin of the web app', () => {
    expect(fs.readFileSync(path.join(web, 'vite.config.ts'), 'utf8')).toMatch(/plugins: \[[^\]]*errorCatalogue\(\)/);
  });
});
