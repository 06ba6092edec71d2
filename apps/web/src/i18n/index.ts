import i18n from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/id';
import 'dayjs/locale/en';
import { DEFAULT_LANGUAGE, type Language } from '@nusa/contracts';
import { preferences } from '../app/session.ts';
import { loadAreaTextsIn } from './area-texts.ts';
import { isLanguage } from './texts.ts';

/** The language the user chose (persisted), else Indonesian (spec 1, 9). */
export function initialLanguage(): Language {
  const stored = preferences.language();
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

/**
 * Each language's texts are a chunk of their own (texts-id.ts, texts-en.ts): the app loads the one it shows and the
 * other only when the user or the tenant switches to it.
 */
const TEXTS: Record<Language, () => Promise<{ translation: object }>> = {
  id: () => import('./texts-id.ts'),
  en: () => import('./texts-en.ts'),
};

const loading = new Map<Language, Promise<object>>();
const textsOf = (lang: Language) => {
  let texts = loading.get(lang);
  if (!texts) {
    texts = TEXTS[lang]().then((m) => m.translation);
    // A failed load (network) may be tried again on the next switch.
    texts.catch(() => loading.delete(lang));
    loading.set(lang, texts);
  }
  return texts;
};

/** Languages whose own texts i18next holds (init adds the first). */
const added = new Set<Language>();

/** Makes sure i18next holds the texts of `lang`, and of the areas shown so far (area-texts.ts), before it is shown. */
async function ensureTexts(lang: Language) {
  const areas = loadAreaTextsIn(lang);
  if (!added.has(lang)) {
    const translation = await textsOf(lang);
    // Deep: an area's texts may have arrived first, under namespaces of their own.
    if (!added.has(lang)) i18n.addResourceBundle(lang, 'translation', translation, true, true);
    added.add(lang);
  }
  await areas;
}

const applyLanguage = (lang: Language) => {
  dayjs.locale(lang);
  document.documentElement.lang = lang;
};

export async function initI18n() {
  const lng = initialLanguage();
  applyLanguage(lng);
  // en has every key of id (i18n.test.ts), so the fallback language needs no loading of its own.
  const translation = await textsOf(lng);
  added.add(lng);
  void loadAreaTextsIn(lng);
  return i18n.use(initReactI18next).init({
    resources: { [lng]: { translation } },
    lng,
    fallbackLng: DEFAULT_LANGUAGE,
    interpolation: { escapeValue: false },
    returnEmptyString: false,
    showSupportNotice: false,
  });
}

async function showLanguage(lang: Language) {
  await ensureTexts(lang);
  applyLanguage(lang);
  await i18n.changeLanguage(lang);
}

/** Switches the UI language and remembers it in the browser (spec: persisted across reloads). */
export async function setLanguage(lang: Language) {
  preferences.setLanguage(lang);
  await showLanguage(lang);
}

export function useLanguage(): Language {
  const { i18n: instance } = useTranslation();
  const lang = instance.resolvedLanguage ?? instance.language;
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

export { i18n };

/** After login the tenant's default language applies, unless the user picked one on this browser. */
export async function adoptTenantLanguage(lang: Language) {
  if (isLanguage(preferences.language())) return;
  await showLanguage(lang);
}
