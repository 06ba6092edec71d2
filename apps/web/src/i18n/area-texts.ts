import i18n from 'i18next';
import type { Language } from '@nusa/contracts';
import { mergeTexts, type Tree } from './texts.ts';

/**
 * Texts that load with their area's pages instead of with the language, by the area's route segment: feature files
 * used only under that area's pages. Glob patterns are static, so each is named here, and left out in
 * texts-id.ts and texts-en.ts, and merged back in resources.ts (for tests).
 */
export const AREA_TEXTS: Record<string, Record<string, () => Promise<Tree>>> = {
  accounting: import.meta.glob<Tree>('./modules/accounting-*.json', { import: 'default' }),
  administration: import.meta.glob<Tree>('./modules/leads.*.json', { import: 'default' }),
};

const areasShown = new Set<string>();
const languages = new Set<Language>();
const loads = new Map<string, Promise<void>>();

function load(area: string, lang: Language): Promise<void> {
  const key = `${area}.${lang}`;
  let done = loads.get(key);
  if (!done) {
    const files = Object.entries(AREA_TEXTS[area]).filter(([file]) => file.endsWith(`.${lang}.json`));
    done = Promise.all(files.map(async ([file, read]) => [file, await read()] as const)).then((trees) => {
      // Deep, without overwriting: the language's own texts may be there already, under other namespaces.
      i18n.addResourceBundle(lang, 'translation', mergeTexts(lang, {}, Object.fromEntries(trees)), true, false);
    });
    // A failed load (network) may be tried again with the next page of the area.
    done.catch(() => loads.delete(key));
    loads.set(key, done);
  }
  return done;
}

/**
 * The texts of an area (the first segment of a route path) in every language in use; app/pages.ts awaits it with
 * the page's chunk. Nothing to do for an area whose texts come with the language.
 */
export async function loadAreaTextsOf(area: string) {
  if (!(area in AREA_TEXTS)) return;
  areasShown.add(area);
  await Promise.all([...languages].map((lang) => load(area, lang)));
}

/** A language comes into use (index.ts): the texts of the areas shown so far, in that language. */
export async function loadAreaTextsIn(lang: Language) {
  languages.add(lang);
  await Promise.all([...areasShown].map((area) => load(area, lang)));
}
