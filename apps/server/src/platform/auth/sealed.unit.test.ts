import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openText, sealText } from './sealed.ts';

describe('sealed settings', () => {
  const key = randomBytes(32);

  it('opens what it sealed, and each seal differs (fresh IV)', () => {
    const a = sealText(key, 'sk-proj-abc123', 'tenant-1');
    const b = sealText(key, 'sk-proj-abc123', 'tenant-1');
    expect(a).not.toBe(b);
    expect(a).not.toContain('sk-proj');
    expect(openText(key, a, 'tenant-1')).toBe('sk-proj-abc123');
  });

  it('does not open under another key, another tenant, or once altered', () => {
    const sealed = sealText(key, 'sk-proj-abc123', 'tenant-1');
    expect(openText(randomBytes(32), sealed, 'tenant-1')).toBeUndefined();
    expect(openText(key, sealed, 'tenant-2')).toBeUndefined();
    const [v, iv, tag, data] = sealed.split('.');
    const flipped = Buffer.from(data, 'base64url');
    flipped[0] ^= 1;
    expect(openText(key, [v, iv, tag, flipped.toString('base64url')].join('.'), 'tenant-1')).toBeUndefined();
    expect(openText(key, 'garbage', 'tenant-1')).toBeUndefined();
  });
});
