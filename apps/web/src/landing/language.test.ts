import { describe, expect, it } from 'vitest';
import { chooseLanguage, hasStoredSession } from './language.ts';

describe('chooseLanguage', () => {
  it('is Indonesian by default and for unknown values', () => {
    expect(chooseLanguage('', null)).toBe('id');
    expect(chooseLanguage('?lang=fr', 'de')).toBe('id');
  });

  it('follows the stored choice, and ?lang= over it', () => {
    expect(chooseLanguage('', 'en')).toBe('en');
    expect(chooseLanguage('?lang=id', 'en')).toBe('id');
    expect(chooseLanguage('?x=1&lang=en', null)).toBe('en');
  });
});

describe('hasStoredSession', () => {
  it('needs both the token and the session data', () => {
    expect(hasStoredSession('t', '{}')).toBe(true);
    expect(hasStoredSession('t', null)).toBe(false);
    expect(hasStoredSession(null, '{}')).toBe(false);
  });
});
