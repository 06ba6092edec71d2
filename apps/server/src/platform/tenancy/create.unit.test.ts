import { describe, expect, it } from 'vitest';
import { tenantCodeFromName } from './create.ts';

describe('tenantCodeFromName', () => {
  it.each([
    ['PT Maju Jaya', 'pt-maju-jaya'],
    ['  Kopi Nusantara!! ', 'kopi-nusantara'],
    ['Café Ñusa', 'cafe-nusa'],
    ['PT Maju Jaya Sentosa Abadi', 'pt-maju-jaya-sentosa'],
    ['PT Maju Jaya Sentos- Abadi', 'pt-maju-jaya-sentos'],
    ['---', 'tenant'],
    ['漢字', 'tenant'],
  ])('%j → %s', (name, code) => {
    const got = tenantCodeFromName(name);
    expect(got).toBe(code);
    expect(got).toMatch(/^[a-z0-9][a-z0-9-]{0,19}$/);
  });
});
