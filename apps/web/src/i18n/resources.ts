import { errorTexts, LANGUAGES, type Language } from '@nusa/contracts';
import id from './id.json';
import en from './en.json';

/** id.json is the source; en.json has the same keys; error texts come from the contracts' catalogue (spec 8). */
export const messages = { id, en } as const;

export const resources = {
  id: { translation: { ...id, error: errorTexts('id') } },
  en: { translation: { ...en, error: errorTexts('en') } },
} as const;

export const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value);

/** Antd and dayjs locale names of each language. */
export const LOCALE_TAGS: Record<Language, string> = { id: 'id-ID', en: 'en-US' };
