import type { ChangeData, ChangeFile, ContactPerson } from '@ks/contract';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { editable } from './columns.ts';
import { storedFiles } from './files.ts';
import { users } from './identity.ts';

/**
 * Change requests on approved node records (the credit-information change workflow):
 * one row per round of one record (systemCoding, gnCoding, businessId = the record's id). Rounds
 * are kept forever; at most one round of a record is in change (status 1) at a time.
 */
export const recordChanges = pgTable(
  'record_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    systemCoding: text('system_coding').notNull(),
    gnCoding: text('gn_coding').notNull(),
    /** The approved record the change is about (its id in the node table). */
    businessId: uuid('business_id').notNull(),
    /** 1, 2, 3 … per record: the dialog's tabs 第一次, 第二次 … */
    round: integer('round').notNull(),
    /** 1 in change, 2 passed, -1 failed. */
    change: integer('change').notNull().default(1),
    changeType: text('change_type').notNull().default(''),
    changeTypeCode: text('change_type_code').notNull().default(''),
    /** The change reason. */
    logbook: text('logbook').notNull().default(''),
    /** The reviewer's advice. */
    auditRecord: text('audit_record').notNull().default(''),
    fileList: jsonb('file_list').$type<ChangeFile[]>().notNull().default([]),
    dataList: jsonb('data_list').$type<ChangeData[]>().notNull().default([]),
    /** The requester's contact person for this change (ry_name, tel); null on rounds saved before it was asked. */
    contact: jsonb('contact').$type<ContactPerson>(),
    requesterUserId: uuid('requester_user_id')
      .notNull()
      .references(() => users.id),
    requesterEnterpriseId: uuid('requester_enterprise_id'),
    reviewerUserId: uuid('reviewer_user_id').references(() => users.id),
    /** Submitted (sbTime); null while only saved. */
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** Decided (czTime). */
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The reviewers' to-dos opened on submit, closed when the change is decided. */
    reviewTodoIds: uuid('review_todo_ids').array().notNull().default(sql`'{}'::uuid[]`),
    ...editable,
  },
  (t) => [
    index('record_changes_record').on(t.gnCoding, t.businessId),
    uniqueIndex('record_changes_round').on(t.businessId, t.round).where(sql`${t.deletedAt} is null`),
    // At most one open round per record, whatever two requests race.
    uniqueIndex('record_changes_open')
      .on(t.businessId)
      .where(sql`${t.change} = 1 and ${t.deletedAt} is null`),
  ],
);

/**
 * The change-description template (变更说明) administrators upload, one row per version: the
 * newest row decides what the download serves; a row without a file goes back to the generated
 * document. Rows are never updated or deleted.
 */
export const recordChangeTemplates = pgTable('record_change_templates', {
  id: uuid('id').primaryKey().defaultRandom(),
  templateVersion: integer('template_version').notNull().unique(),
  fileId: uuid('file_id').references(() => storedFiles.id),
  fileName: text('file_name').notNull().default(''),
  createdBy: uuid('created_by')
    .notNull()
    .references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
