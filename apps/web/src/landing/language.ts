/** The landing page's languages; Indonesian is the default and the language the HTML is built in. */
export const LANDING_LANGUAGES = ['id', 'en'] as const;
export type LandingLanguage = (typeof LANDING_LANGUAGES)[number];
export const BUILT_LANGUAGE: LandingLanguage = 'id';

/** The id of the script block holding the English texts (written by render.ts, read by main.ts). */
export const ENGLISH_TEXTS_ID = 'landing-texts-en';

const isLanguage = (v: unknown): v is LandingLanguage => (LANDING_LANGUAGES as readonly unknown[]).includes(v);

/**
 * `?lang=` of a shared link wins for that view; otherwise the language the visitor chose before, in the app or
 * here (the same storage key); otherwise Indonesian.
 */
export function chooseLanguage(search: string, stored: string | null): LandingLanguage {
  const asked = new URLSearchParams(search).get('lang');
  if (isLanguage(asked)) return asked;
  return isLanguage(stored) ? stored : BUILT_LANGUAGE;
}

/** A stored session means the visitor can go straight into the app (the app's guard checks the rest). */
export const hasStoredSession = (token: string | null, session: string | null) => Boolean(token && session);
