import './landing.css';
import { STORAGE_KEYS } from '../app/storage-keys.ts';
import { BUILT_LANGUAGE, ENGLISH_TEXTS_ID, chooseLanguage, hasStoredSession, type LandingLanguage } from './language.ts';

/**
 * The landing page's only script: the language switch and the way into the app for a stored session. The page
 * is complete without it (built in Indonesian with every link in place).
 */

const read = (key: string) => {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
};
const write = (key: string, value: string) => {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage can be disabled; the choice then lasts for this page only.
  }
};

type Slot = { el: Element; attr?: 'content' | 'aria-label'; key: string; built: string };

/** Every translated text of the page, with the Indonesian it was built with (to switch back). */
const slots: Slot[] = [
  ...[...document.querySelectorAll('[data-t]')].map((el) => ({ el, key: el.getAttribute('data-t')!, built: el.textContent ?? '' })),
  ...(['content', 'aria-label'] as const).flatMap((attr) =>
    [...document.querySelectorAll(`[data-t-${attr}]`)].map((el) => ({ el, attr, key: el.getAttribute(`data-t-${attr}`)!, built: el.getAttribute(attr) ?? '' })),
  ),
];

let english: Record<string, string> | undefined;
const englishTexts = () => (english ??= JSON.parse(document.getElementById(ENGLISH_TEXTS_ID)?.textContent ?? '{}') as Record<string, string>);

function apply(lang: LandingLanguage) {
  const texts = lang === BUILT_LANGUAGE ? undefined : englishTexts();
  for (const { el, attr, key, built } of slots) {
    const text = texts?.[key] ?? built;
    if (attr) el.setAttribute(attr, text);
    else el.textContent = text;
  }
  document.documentElement.lang = lang;
  document.documentElement.classList.remove('landing-swapping');
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-lang]')) {
    button.setAttribute('aria-pressed', String(button.dataset.lang === lang));
  }
}

apply(chooseLanguage(window.location.search, read(STORAGE_KEYS.language)));

for (const button of document.querySelectorAll<HTMLButtonElement>('[data-lang]')) {
  button.addEventListener('click', () => {
    const lang = chooseLanguage(`?lang=${button.dataset.lang}`, null);
    write(STORAGE_KEYS.language, lang);
    apply(lang);
  });
}

// A visitor who is logged in sees the way into the app instead of the login.
if (hasStoredSession(read(STORAGE_KEYS.token), read(STORAGE_KEYS.session))) {
  for (const el of document.querySelectorAll<HTMLElement>('[data-when]')) el.hidden = el.dataset.when !== 'session';
}

for (const el of document.querySelectorAll('[data-year]')) el.textContent = String(new Date().getFullYear());
