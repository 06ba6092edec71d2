import { describe, expect, it } from 'vitest';
import { dialogWidthFor } from './dialog-width.ts';

describe('dialogWidthFor (spec 9)', () => {
  it('is 30vw from 960px up and 50vw below', () => {
    expect(dialogWidthFor(1366)).toBe('30vw');
    expect(dialogWidthFor(960)).toBe('30vw');
    expect(dialogWidthFor(959)).toBe('50vw');
  });
});
