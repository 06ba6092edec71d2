import { customType } from 'drizzle-orm/pg-core';

/** Binary content kept in the row (uploads, logos, payment proofs), read and written as a Buffer. */
export const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });
