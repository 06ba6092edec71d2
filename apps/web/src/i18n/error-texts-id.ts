import { errorTexts } from '@nusa/contracts';

/** The error catalogue's texts in Indonesian (spec 8); the web build puts them here as data (build/error-catalogue.ts). */
export default errorTexts('id');
