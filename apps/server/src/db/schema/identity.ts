import type { PracticingStatus } from '@ks/contract';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { editable } from './columns.ts';

export const enterprises = pgTable(
  'enterprises',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** 统一社会信用代码 */
    creditCode: text('credit_code').notNull(),
    enterpriseType: text('enterprise_type').notNull(),
    ...editable,
  },
  (t) => [uniqueIndex('enterprises_credit_code_live').on(t.creditCode).where(sql`deleted_at is null`)],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Public business id of the user (spec: user info id comes from userCode). */
    userCode: text('user_code').notNull(),
    /** Login name; logValue matches it or the phone. Stored lower-case. */
    account: text('account').notNull(),
    phone: text('phone').notNull(),
    userName: text('user_name').notNull(),
    photo: text('photo').notNull().default(''),
    loginRoleType: text('login_role_type', { enum: ['M', 'D', 'U', 'P'] }).notNull(),
    passwordHash: text('password_hash').notNull(),
    /** inactive until activated after registration; disabled by an administrator. */
    status: text('status', { enum: ['active', 'inactive', 'disabled'] })
      .notNull()
      .default('active'),
    /** '1' normal, '2' must change the initial password. */
    codeStatus: text('code_status', { enum: ['1', '2'] })
      .notNull()
      .default('1'),
    practicingStatus: jsonb('practicing_status')
      .$type<PracticingStatus['practiceDetails']>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    enterpriseId: uuid('enterprise_id').references(() => enterprises.id),
    /**
     * A personnel account's ID number (GB 11643, upper case): links it to the person's registration
     * in the market module's 注册人员 records, the source of practicingStatus (decision 0053).
     */
    idNumber: text('id_number'),
    /**
     * Stored roles beyond the login type (decision 0072): empty means the login type's default
     * (`rolesOf`); a centre account holding `supervisor` reads the trading process and writes none.
     */
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    ...editable,
  },
  (t) => [
    uniqueIndex('users_user_code').on(t.userCode),
    uniqueIndex('users_id_number_live')
      .on(t.idNumber)
      .where(sql`deleted_at is null and id_number is not null`),
    uniqueIndex('users_account_live').on(t.account).where(sql`deleted_at is null`),
    index('users_phone').on(t.phone),
  ],
);

/** Opaque session tokens; only their SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    idleExpiresAt: timestamp('idle_expires_at', { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** logout | refreshed | elsewhere | password_changed | kicked */
    endReason: text('end_reason'),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [uniqueIndex('sessions_token_hash').on(t.tokenHash), index('sessions_user').on(t.userId)],
);

/** The login key pair, shared by every instance through the database. */
export const rsaKeys = pgTable('rsa_keys', {
  id: text('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Nonces of encrypted requests already accepted, kept until their timestamp is stale anyway. */
export const usedNonces = pgTable('used_nonces', {
  nonce: text('nonce').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const captchas = pgTable('captchas', {
  id: uuid('id').primaryKey().defaultRandom(),
  answerHash: text('answer_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Failed-login counter per account name (also for unknown names, so they cannot be probed). */
export const loginFailures = pgTable('login_failures', {
  account: text('account').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

export const smsCodes = pgTable(
  'sms_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phone: text('phone').notNull(),
    purpose: text('purpose', {
      enum: ['register', 'reset', 'verify', 'activate', 'bind', 'login'],
    }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('sms_codes_phone').on(t.phone, t.purpose, t.createdAt)],
);

/** Every SMS the platform sent, whichever provider carried it; the local provider's only delivery. */
export const smsOutbox = pgTable('sms_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  phone: text('phone').notNull(),
  purpose: text('purpose', { enum: ['register', 'reset', 'verify', 'activate', 'bind', 'login'] }).notNull(),
  text: text('text').notNull(),
  provider: text('provider').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const activationCodes = pgTable('activation_codes', {
  codeHash: text('code_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Platform information shown in the footer; one row, edited by administrators. */
export const platformInfo = pgTable('platform_info', {
  id: integer('id').primaryKey(),
  platformName: text('platform_name').notNull(),
  describe: text('describe').notNull().default(''),
  filingsCoding: text('filings_coding').notNull().default(''),
  supportPhone: text('support_phone').notNull().default(''),
  ...editable,
});

/** Who did what, when, with which result: the source of the operation-log drawer. */
export const operationLogs = pgTable(
  'operation_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id'),
    userName: text('user_name').notNull().default(''),
    /** Operator category shown as czrClassification. */
    roleType: text('role_type').notNull().default(''),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull().default(''),
    targetName: text('target_name').notNull().default(''),
    detail: text('detail').notNull().default(''),
    /** 'ok' when the action passed, else the failure text. */
    result: text('result').notNull().default('ok'),
    ip: text('ip').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('operation_logs_target').on(t.targetType, t.targetId, t.createdAt)],
);
