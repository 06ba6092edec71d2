import { sql, type SQL } from 'drizzle-orm';
import { PgDialect, boolean, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { caseless, listOrder, positionIn } from './list-order.ts';

const things = pgTable('things', { id: uuid('id').primaryKey(), code: text('code').notNull(), note: text('note'), active: boolean('active').notNull() });
const columns = { code: caseless(things.code), note: caseless(things.note), active: things.active };
const fallback = [sql`lower(${things.code}) asc`];
const rendered = (order: SQL[]) => new PgDialect().sqlToQuery(sql.join(order, sql`, `)).sql;

describe('listOrder', () => {
  it('falls back to the list default order, then the key', () => {
    expect(rendered(listOrder(undefined, columns, fallback, things.id))).toBe('lower("things"."code") asc, "things"."id" asc');
  });

  it('orders by the chosen field ascending or descending, nulls last either way, then the key', () => {
    expect(rendered(listOrder('note', columns, fallback, things.id))).toBe('lower("things"."note") asc nulls last, "things"."id" asc');
    expect(rendered(listOrder('-note', columns, fallback, things.id))).toBe('lower("things"."note") desc nulls last, "things"."id" asc');
    expect(rendered(listOrder('-active', columns, fallback, things.id))).toBe('"things"."active" desc nulls last, "things"."id" asc');
  });

  it('sorts a code column by its place in a list of values', () => {
    const order = listOrder('-note', { note: positionIn(['LOW', 'HIGH'], things.note) }, fallback, things.id);
    const query = new PgDialect().sqlToQuery(sql.join(order, sql`, `));
    expect(query.sql).toBe(`array_position(string_to_array($1, ','), "things"."note") desc nulls last, "things"."id" asc`);
    expect(query.params).toEqual(['LOW,HIGH']);
  });

  it('throws on a field it has no column for (the contract lets none through)', () => {
    expect(() => listOrder('price' as 'code', columns, fallback, things.id)).toThrow('no sort column for price');
  });
});
