import i18n from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/id';
import 'dayjs/locale/en';
import { DEFAULT_LANGUAGE, type Language } from '@nusa/contracts';
import { preferences } from '../app/session.ts';
import { isLanguage, resources } from './resources.ts';

/** The language the user chose (persisted), else Indonesian (spec 1, 9). */
export function initialLanguage(): Language {
  const stored = preferences.language();
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

const applyLanguage = (lang: Language) => {
  dayjs.locale(lang);
  document.documentElement.lang = lang;
};

export function initI18n() {
  const lng = initialLanguage();
  applyLanguage(lng);
  return i18n.use(initReactI18next).init({
    resources,
    lng,
    fallbackLng: DEFAULT_LANGUAGE,
    interpolation: { escapeValue: false },
    returnEmptyString: false,
    showSupportNotice: false,
  });
}

/** Switches the UI language and remembers it in the browser (spec: persisted across reloads). */
export async function setLanguage(lang: Language) {
  preferences.setLanguage(lang);
  applyLanguage(lang);
  await i18n.changeLanguage(lang);
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
  applyLanguage(lang);
  await i18n.changeLanguage(lang);
}
