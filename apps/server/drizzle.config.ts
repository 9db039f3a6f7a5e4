import { defineConfig } from 'drizzle-kit';

/**
 * New migrations are named by the time they were generated (20261129103000_name.sql), not by the
 * next free number: two branches that each add one no longer both create 0028_*.sql. The journal's
 * order still decides what runs first; a merge that joins two branches' entries keeps both.
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
  migrations: { prefix: 'timestamp' },
});
