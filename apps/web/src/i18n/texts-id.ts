import base from './id.json';
import { mergeTexts, translationOf, type Tree } from './texts.ts';

/** Indonesian, the source language: a chunk of its own, loaded only when Indonesian is shown. */
export const messages = mergeTexts('id', base, import.meta.glob<Tree>('./modules/*.id.json', { eager: true, import: 'default' }));
export const translation = translationOf('id', messages);
