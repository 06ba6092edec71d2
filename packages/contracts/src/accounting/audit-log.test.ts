import { describe, expect, it } from 'vitest';
import { auditFieldChanges } from './audit-log.ts';

const changed = (before: unknown, after: unknown) =>
  auditFieldChanges(before, after)
    .filter((c) => c.changed)
    .map((c) => c.field);

describe('auditFieldChanges (the audit log’s side-by-side view and its export)', () => {
  it('lines up an update field by field, after’s order first, and marks what differs', () => {
    expect(auditFieldChanges({ code: 'GD-01', name: 'Gudang', old: 1 }, { name: 'Gudang Utama', code: 'GD-01' })).toEqual([
      { field: 'name', before: 'Gudang', after: 'Gudang Utama', changed: true },
      { field: 'code', before: 'GD-01', after: 'GD-01', changed: false },
      { field: 'old', before: 1, after: undefined, changed: true },
    ]);
  });

  it('compares nested values by content, whatever their key order', () => {
    expect(changed({ address: { city: 'Bandung', zip: '40111' }, tags: ['a', 'b'] }, { address: { zip: '40111', city: 'Bandung' }, tags: ['a', 'b'] })).toEqual(
      [],
    );
    expect(changed({ tags: ['a', 'b'] }, { tags: ['b', 'a'] })).toEqual(['tags']);
    expect(changed({ amount: '100.0000' }, { amount: '100.0000' })).toEqual([]);
  });

  it('counts every field of a create or a delete as changed, a null value too, and a field that appears or goes', () => {
    expect(changed(null, { name: 'Kas', parent: null })).toEqual(['name', 'parent']);
    expect(changed({ name: 'Kas' }, undefined)).toEqual(['name']);
    expect(changed({ a: 1 }, { a: 1, b: null })).toEqual(['b']);
    expect(changed(null, null)).toEqual([]);
  });

  it('shows a value that is not an object as one unnamed field', () => {
    expect(auditFieldChanges(['x'], ['x', 'y'])).toEqual([{ field: '', before: ['x'], after: ['x', 'y'], changed: true }]);
    expect(changed(5, 5)).toEqual([]);
  });
});
