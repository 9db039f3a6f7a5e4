import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { editable } from './columns.ts';
import { storedFiles } from './files.ts';
import { users } from './identity.ts';

/**
 * A message to users: a notice an administrator published, or a review rejection the workflow
 * raised. The serial id is the wire's msgId and the SSE event id (Last-Event-ID replays after it).
 */
export const notifyMessages = pgTable(
  'notify_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    category: text('category', {
      enum: ['notice', 'audit_rejected', 'audit_approved', 'job_result'],
    }).notNull(),
    /** 1 banner, 2 titled notice with an optional attachment. */
    msgType: integer('msg_type').notNull(),
    title: text('title').notNull().default(''),
    messages: text('messages').notNull(),
    attachmentFileId: uuid('attachment_file_id').references(() => storedFiles.id),
    attachmentName: text('attachment_name').notNull().default(''),
    audience: text('audience', { enum: ['all', 'roles', 'users'] }).notNull(),
    audienceRoles: jsonb('audience_roles').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    publisherUserId: uuid('publisher_user_id'),
    publisherName: text('publisher_name').notNull().default(''),
    ...editable,
  },
  (t) => [index('notify_messages_category').on(t.category, t.createdAt)],
);

/**
 * One message addressed to one user. Rows are written when the message is created (the audience is
 * resolved then), so "who got it, who read it, who confirmed it" is a plain query.
 */
export const notifyDeliveries = pgTable(
  'notify_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => notifyMessages.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    readAt: timestamp('read_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notify_deliveries_message_user').on(t.messageId, t.userId),
    index('notify_deliveries_user').on(t.userId, t.messageId),
  ],
);

/** An open (or done) to-do of one user in one business system; the workflow creates and completes them. */
export const notifyTodos = pgTable(
  'notify_todos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    systemCoding: text('system_coding').notNull(),
    systemName: text('system_name').notNull(),
    /** Function (node) name, 功能名称. */
    gnName: text('gn_name').notNull(),
    businessName: text('business_name').notNull(),
    /** The business record this to-do is about, so the workflow can complete it by reference. */
    businessId: text('business_id').notNull().default(''),
    /** The node (功能编码) of the business record, so the to-do links to its detail page. */
    gnCoding: text('gn_coding').notNull().default(''),
    /** Who submitted the business (申报人). */
    submitterName: text('submitter_name').notNull().default(''),
    /** Submit time, 申报时间. */
    sbTime: timestamp('sb_time', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    ...editable,
  },
  (t) => [
    index('notify_todos_user_open')
      .on(t.userId, t.systemCoding)
      .where(sql`done_at is null and deleted_at is null`),
  ],
);
