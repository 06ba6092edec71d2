import { describe, expect, it } from 'vitest';
import { DATASET_SLOTS } from '@nusa/contracts';
import { SLOTS } from './schema.ts';

describe('dataset slots', () => {
  it('keeps the slot counts of the contracts and the table the same', () => expect(SLOTS).toEqual(DATASET_SLOTS));
});
