import type { PracticingStatus } from '@ks/contract';
import { sql } from 'drizzle-orm';
import { date, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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

/**
 * A registration's further certificates (decision 0059): the 注册人员 record's own fields are its
 * principal certificate, audited with it; a person registered in more specialties holds these too.
 * No foreign key to the run-time node table, as above.
 */
export const marketCertificates = pgTable(
  'market_certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recordId: uuid('record_id').notNull(),
    registrationType: text('registration_type').notNull(),
    specialty: text('specialty').notNull(),
    certificateNo: text('certificate_no').notNull(),
    region: text('region').notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    expiryDate: date('expiry_date', { mode: 'string' }).notNull(),
    ...editable,
  },
  (table) => [
    index('market_certificates_record').on(table.recordId).where(sql`deleted_at is null`),
    uniqueIndex('market_certificates_number_live')
      .on(table.certificateNo, table.specialty)
      .where(sql`deleted_at is null`),
  ],
);

/**
 * A transfer of a registered person between enterprises (转注册, decision 0059): the receiving
 * enterprise asks (and may withdraw), the releasing one may agree or refuse with a reason, an
 * administrator approves or rejects. One open (pending, released or refused) transfer per person,
 * kept by a partial unique index.
 */
export const marketTransfers = pgTable(
  'market_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    idNumber: text('id_number').notNull(),
    personName: text('person_name').notNull(),
    fromRecordId: uuid('from_record_id').notNull(),
    fromUserId: uuid('from_user_id').notNull(),
    toUserId: uuid('to_user_id').notNull(),
    toRecordId: uuid('to_record_id'),
    status: text('status').notNull().default('pending'),
    reason: text('reason').notNull().default(''),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    refusal: text('refusal').notNull().default(''),
    refusedAt: timestamp('refused_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by'),
    advice: text('advice').notNull().default(''),
    ...editable,
  },
  (table) => [
    uniqueIndex('market_transfers_open')
      .on(table.idNumber)
      .where(sql`status in ('pending', 'released', 'refused') and deleted_at is null`),
    index('market_transfers_from').on(table.fromUserId),
    index('market_transfers_to').on(table.toUserId),
  ],
);
