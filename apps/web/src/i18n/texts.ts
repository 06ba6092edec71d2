import { LANGUAGES, type Language } from '@nusa/contracts';

export type Tree = { [key: string]: string | Tree };

function mergeInto(target: Tree, source: Tree, where: string): Tree {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (existing === undefined) target[key] = typeof value === 'string' ? value : mergeInto({}, value, where);
    else if (typeof existing !== 'string' && typeof value !== 'string') mergeInto(existing, value, where);
    else throw new Error(`i18n key ${key} is defined twice (${where})`);
  }
  return target;
}

/**
 * The texts of one language: `<lang>.json`, then every feature's `modules/<feature>.<lang>.json` (each under
 * namespaces of its own; a module may not redefine a key of another file).
 */
export function mergeTexts(lang: Language, base: Tree, moduleFiles: Record<string, Tree>): Tree {
  const merged = mergeInto({}, base, `${lang}.json`);
  for (const [file, tree] of Object.entries(moduleFiles).sort(([a], [b]) => a.localeCompare(b))) mergeInto(merged, tree, file);
  return merged;
}

/** What i18next gets for one language: its texts and, under error.*, the error catalogue's texts in it (spec 8). */
export const translationOf = (messages: Tree, errors: Record<string, string>) => ({ ...messages, error: errors });

export const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value);
