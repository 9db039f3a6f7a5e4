import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { editable } from './columns.ts';
import { users } from './identity.ts';

/**
 * One-time challenges a CA certificate holder signs (decision 0080): random, short-lived, used at
 * most once (`used_at` is set by the one update that wins).
 */
export const caChallenges = pgTable(
  'ca_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose').notNull(),
    challenge: text('challenge').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('ca_challenges_expires').on(table.expiresAt)],
);

/**
 * A certificate bound to an account (/caRegister): login finds the account by the certificate's
 * fingerprint. One live binding per certificate; unbinding is a soft delete.
 */
export const caCertificates = pgTable(
  'ca_certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    serialNumber: text('serial_number').notNull(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    /** SHA-256 of the certificate's DER, lower-case hex. */
    fingerprint: text('fingerprint').notNull(),
    algorithm: text('algorithm').notNull(),
    notAfter: timestamp('not_after', { withTimezone: true }).notNull(),
    ...editable,
  },
  (table) => [
    uniqueIndex('ca_certificates_fingerprint').on(table.fingerprint).where(sql`deleted_at is null`),
    uniqueIndex('ca_certificates_issuer_serial')
      .on(table.issuer, table.serialNumber)
      .where(sql`deleted_at is null`),
    index('ca_certificates_user').on(table.userId),
  ],
);
