import base from './id.json';
import errors from './error-texts-id.ts';
import { mergeTexts, translationOf, type Tree } from './texts.ts';

/**
 * Indonesian, the source language: a chunk of its own, loaded only when Indonesian is shown. The texts of the accounting
 * and administration pages (modules/accounting-*.json, leads.*.json) are not in it: they load with those pages
 * (area-texts.ts).
 */
export const messages = mergeTexts(
  'id',
  base,
  import.meta.glob<Tree>(['./modules/*.id.json', '!./modules/accounting-*.json', '!./modules/leads.*.json'], { eager: true, import: 'default' }),
);
export const translation = translationOf(messages, errors);
