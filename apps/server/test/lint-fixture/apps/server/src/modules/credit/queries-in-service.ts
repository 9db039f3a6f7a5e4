import { sql } from 'drizzle-orm';

/** Refused: SQL outside a repository file. */
export const refused = sql`select 1`;
