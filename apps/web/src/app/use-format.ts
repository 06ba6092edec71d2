import { useLanguage } from '../i18n/index.ts';
import { formatFor, type Format } from './format.ts';

/** The formatter of the interface language (format.ts); a component using it redraws when the language changes. */
export const useFormat = (): Format => formatFor(useLanguage());
