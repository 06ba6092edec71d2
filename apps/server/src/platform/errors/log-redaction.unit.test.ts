import { describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { redactError } from './log-redaction.ts';

describe('redactError', () => {
  it('keeps the query and the SQLSTATE of a failed query, never the values bound to it', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_username"'), {
      code: '23505',
      detail: 'Key (username)=(budi.rahasia) already exists.',
      constraint: 'users_username',
    });
    const err = new DrizzleQueryError('insert into "users" ("username", "password_hash") values ($1, $2)', ['budi.rahasia', 'Sandi@Rahasia1'], cause);
    const logged = JSON.stringify(redactError(err));
    expect(logged).toContain('insert into \\"users\\"');
    expect(logged).toContain('23505');
    expect(logged).toContain('users_username');
    expect(logged).not.toContain('budi.rahasia');
    expect(logged).not.toContain('Sandi@Rahasia1');
  });

  it('leaves other errors readable', () => {
    const logged = redactError(Object.assign(new TypeError('boom'), { statusCode: 500 })) as Record<string, unknown>;
    expect(logged).toMatchObject({ type: 'TypeError', message: 'boom', statusCode: 500 });
    expect(String(logged.stack)).toContain('boom');
  });
});
