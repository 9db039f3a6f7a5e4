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
 * administrator approves or rejects. One open (pending, released or refused) transfer per person and
 * asking enterprise, kept by a partial unique index: one enterprise's request must not tell another
 * that the number is registered (decision 0063).
 */
export const marketTransfers = pgTable(
  'market_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    idNumber: text('id_number').notNull(),
    personName: text('person_name').notNull(),
    /** The passed registration the number named when asked; null when it named none (decision 0063). */
    fromRecordId: uuid('from_record_id'),
    fromUserId: uuid('from_user_id'),
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
    uniqueIndex('market_transfers_open_per_asker')
      .on(table.idNumber, table.toUserId)
      .where(sql`status in ('pending', 'released', 'refused') and deleted_at is null`),
    index('market_transfers_from').on(table.fromUserId),
    index('market_transfers_to').on(table.toUserId),
  ],
);

/**
 * A personnel account's claim to an ID number (decision 0063). Only a proven claim sets the
 * account's `users.id_number` (which the login's practice status, the transfers and the
 * notices read); a pending one reveals and locks nothing, and several accounts may claim the
 * same number. Proof: an SMS code sent to the phone of the person's passed registration
 * (`phone` is where it went, null when none could be sent), or an administrator's confirmation.
 */
export const marketIdentityClaims = pgTable(
  'market_identity_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    idNumber: text('id_number').notNull(),
    status: text('status', { enum: ['pending', 'proven', 'refused', 'replaced'] })
      .notNull()
      .default('pending'),
    phone: text('phone'),
    proof: text('proof', { enum: ['sms', 'admin'] }),
    refusal: text('refusal').notNull().default(''),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by'),
    ...editable,
  },
  (table) => [
    index('market_identity_claims_user').on(table.userId, table.createdAt),
    index('market_identity_claims_status').on(table.status, table.createdAt),
  ],
);
