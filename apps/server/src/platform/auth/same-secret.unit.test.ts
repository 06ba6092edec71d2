import { describe, expect, it } from 'vitest';
import { sameSecret } from './same-secret.ts';

describe('sameSecret', () => {
  it('is true only for the same text, whatever the lengths', () => {
    expect(sameSecret('s3cret-token', 's3cret-token')).toBe(true);
    expect(sameSecret('s3cret-tokeN', 's3cret-token')).toBe(false);
    expect(sameSecret('s3cret', 's3cret-token')).toBe(false);
    expect(sameSecret('', 's3cret-token')).toBe(false);
    expect(sameSecret('s3cret-token ', 's3cret-token')).toBe(false);
  });
});
