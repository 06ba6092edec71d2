import base from './en.json';
import errors from './error-texts-en.ts';
import { mergeTexts, translationOf, type Tree } from './texts.ts';

/**
 * English: a chunk of its own, loaded only when English is shown. The texts of the accounting
 * and administration pages (modules/accounting-*.json, leads.*.json) are not in it: they load with those pages
 * (area-texts.ts).
 */
export const messages = mergeTexts(
  'en',
  base,
  import.meta.glob<Tree>(['./modules/*.en.json', '!./modules/accounting-*.json', '!./modules/leads.*.json'], { eager: true, import: 'default' }),
);
export const translation = translationOf(messages, errors);
