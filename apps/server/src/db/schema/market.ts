import type { PracticingStatus } from '@ks/contract';
import { sql } from 'drizzle-orm';
import { jsonb, pgTable, uuid } from 'drizzle-orm/pg-core';
import { editable } from './columns.ts';

/**
 * The practice status per region of a registration (a record of the 企业信息 system's 注册人员 node,
 * decision 0053), kept by administrators. The node table is built at run time, so no foreign key:
 * the module reads it joined to the record's live row.
 */
export const marketPracticeAreas = pgTable('market_practice_areas', {
  recordId: uuid('record_id').primaryKey(),
  areas: jsonb('areas').$type<PracticingStatus['practiceDetails']>().notNull().default(sql`'[]'::jsonb`),
  ...editable,
});
