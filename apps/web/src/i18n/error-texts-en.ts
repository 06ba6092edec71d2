import { errorTexts } from '@nusa/contracts';

/** The error catalogue's texts in English (spec 8); the web build puts them here as data (build/error-catalogue.ts). */
export default errorTexts('en');
