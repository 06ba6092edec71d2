import base from './en.json';
import { mergeTexts, translationOf, type Tree } from './texts.ts';

/** English: a chunk of its own, loaded only when English is shown. */
export const messages = mergeTexts('en', base, import.meta.glob<Tree>('./modules/*.en.json', { eager: true, import: 'default' }));
export const translation = translationOf('en', messages);
