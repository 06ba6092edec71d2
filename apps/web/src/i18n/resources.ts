import { errorTexts, LANGUAGES, type Language } from '@nusa/contracts';
import id from './id.json';
import en from './en.json';

type Tree = { [key: string]: string | Tree };

/**
 * A feature keeps its texts in `modules/<feature>.<lang>.json` under namespaces of its own, so features do not all
 * edit one file. A module may not redefine a key of another file.
 */
const moduleFiles = import.meta.glob<Tree>('./modules/*.json', { eager: true, import: 'default' });

function mergeInto(target: Tree, source: Tree, where: string): Tree {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (existing === undefined) target[key] = typeof value === 'string' ? value : mergeInto({}, value, where);
    else if (typeof existing !== 'string' && typeof value !== 'string') mergeInto(existing, value, where);
    else throw new Error(`i18n key ${key} is defined twice (${where})`);
  }
  return target;
}

function withModules(lang: Language, base: Tree): Tree {
  const merged = mergeInto({}, base, `${lang}.json`);
  for (const [file, tree] of Object.entries(moduleFiles).sort(([a], [b]) => a.localeCompare(b))) {
    if (file.endsWith(`.${lang}.json`)) mergeInto(merged, tree, file);
  }
  return merged;
}

/** id is the source; en has the same keys; error texts come from the contracts' catalogue (spec 8). */
export const messages = { id: withModules('id', id), en: withModules('en', en) } as const;

export const resources = {
  id: { translation: { ...messages.id, error: errorTexts('id') } },
  en: { translation: { ...messages.en, error: errorTexts('en') } },
} as const;

export const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value);

/** Antd and dayjs locale names of each language. */
export const LOCALE_TAGS: Record<Language, string> = { id: 'id-ID', en: 'en-US' };
