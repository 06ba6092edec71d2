import type { ParseKeys } from 'i18next';
import { errorMessageKey, type ErrorCode } from '@nusa/contracts';

/** A key of the texts (i18next.d.ts): a literal, or a template over unions, that names a text in the source language. */
export type TextKey = ParseKeys<'translation'>;

/**
 * t() as helpers outside components take it: i18next's t fits it, and so does a plain function in a unit test. Its keys
 * are typed, so a helper's keys are checked as a component's are.
 */
export type Translate = (key: TextKey, vars?: Record<string, unknown>) => string;

type AnyKeyTranslate = (key: string, vars?: Record<string, unknown>) => string;

/**
 * The one way to a text whose key the compiler cannot know: an error code as the server sends it (errorMessageKey of
 * an ApiError's code, a problem code a contracts check returns as a string), or a title key of the contracts' route
 * table. Callers check the key first (i18n.exists) or rely on i18n.test.ts, which checks every such key of the contracts.
 */
export const textOfKey = (t: Translate, key: string, vars?: Record<string, unknown>): string => (t as AnyKeyTranslate)(key, vars);

/** An error code's name under error.*: its dots become underscores, as errorTexts and errorMessageKey make it (spec 8). */
export type ErrorTextKey<C extends string> = C extends `${infer Head}.${infer Tail}` ? ErrorTextKey<`${Head}_${Tail}`> : C;

/** The key of a catalogued error's text, typed (errorMessageKey gives the same key as a plain string). */
export const errorKey = <C extends ErrorCode>(code: C) => errorMessageKey(code) as `error.${ErrorTextKey<C>}`;
