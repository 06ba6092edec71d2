import { errorTexts, type Language } from '@nusa/contracts';
import * as idTexts from './texts-id.ts';
import * as enTexts from './texts-en.ts';
import { mergeTexts, translationOf, type Tree } from './texts.ts';

/** The texts that load with their area's pages (area-texts.ts), here merged in with the rest. */
const areaFiles = import.meta.glob<Tree>(['./modules/accounting-*.json', './modules/leads.*.json'], { eager: true, import: 'default' });
const withAreaTexts = (lang: Language, messages: Tree) =>
  mergeTexts(lang, messages, Object.fromEntries(Object.entries(areaFiles).filter(([file]) => file.endsWith(`.${lang}.json`))));
const id = withAreaTexts('id', idTexts.messages);
const en = withAreaTexts('en', enTexts.messages);

/**
 * Both languages at once, for tests and tools. The app does not import this file: it loads the texts of the
 * language it shows, and an area's texts with its pages (area-texts.ts).
 */
export const messages = { id, en } as const;

/** id is the source; en has the same keys; error texts come from the contracts' catalogue (spec 8). */
export const resources = {
  id: { translation: translationOf(id, errorTexts('id')) },
  en: { translation: translationOf(en, errorTexts('en')) },
} as const;

export { isLanguage } from './texts.ts';

/** Antd and dayjs locale names of each language. */
export const LOCALE_TAGS: Record<Language, string> = { id: 'id-ID', en: 'en-US' };
