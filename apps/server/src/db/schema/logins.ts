import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';

/**
 * A WeChat identity bound to an account (decision 0079): the first scan binds it after the
 * account's phone is proven; later scans sign in directly. Unbinding soft-deletes the row.
 */
export const wechatBindings = pgTable(
  'wechat_bindings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider', { enum: ['local', 'wechat'] }).notNull(),
    openid: text('openid').notNull(),
    unionid: text('unionid'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('wechat_bindings_openid').on(t.provider, t.openid).where(sql`deleted_at is null`),
    index('wechat_bindings_user').on(t.userId),
  ],
);

/**
 * One QR login attempt: the page that asked holds the state (only its hash is kept); a scan
 * records the WeChat identity; the poll that finds it bound issues the session once (used_at).
 */
export const wechatLoginAttempts = pgTable(
  'wechat_login_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stateHash: text('state_hash').notNull(),
    provider: text('provider', { enum: ['local', 'wechat'] }).notNull(),
    openid: text('openid'),
    unionid: text('unionid'),
    scannedAt: timestamp('scanned_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('wechat_login_attempts_state').on(t.stateHash)],
);
