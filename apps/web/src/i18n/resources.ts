import type { Language } from '@nusa/contracts';
import * as idTexts from './texts-id.ts';
import * as enTexts from './texts-en.ts';

/**
 * Both languages at once, for tests and tools. The app does not import this file: it loads the texts of the
 * language it shows (index.ts), so a page sends one language, not two.
 */
export const messages = { id: idTexts.messages, en: enTexts.messages } as const;

/** id is the source; en has the same keys; error texts come from the contracts' catalogue (spec 8). */
export const resources = {
  id: { translation: idTexts.translation },
  en: { translation: enTexts.translation },
} as const;

export { isLanguage } from './texts.ts';

/** Antd and dayjs locale names of each language. */
export const LOCALE_TAGS: Record<Language, string> = { id: 'id-ID', en: 'en-US' };
