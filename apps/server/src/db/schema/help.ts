import type { HelpQa } from '@ks/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { editable } from './columns.ts';
import { storedFiles } from './files.ts';

/**
 * Help groups: a tree per scope (system_coding, gn_coding; '' = the wider scope) and per kind
 * (guide: files; faq: question-and-answer pairs, kept with the group and edited with it).
 */
export const helpGroups = pgTable(
  'help_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    systemCoding: text('system_coding').notNull().default(''),
    gnCoding: text('gn_coding').notNull().default(''),
    kind: text('kind', { enum: ['guide', 'faq'] }).notNull(),
    parentId: uuid('parent_id').references((): AnyPgColumn => helpGroups.id),
    groupName: text('group_name').notNull(),
    qaList: jsonb('qa_list').$type<HelpQa[]>().notNull().default(sql`'[]'::jsonb`),
    sort: integer('sort').notNull().default(0),
    ...editable,
  },
  (t) => [index('help_groups_scope').on(t.systemCoding, t.gnCoding, t.kind)],
);

/** A PDF or video shown in the help panel; its bytes are a stored file. */
export const helpFiles = pgTable(
  'help_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => helpGroups.id),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id),
    fileName: text('file_name').notNull(),
    fileType: text('file_type', { enum: ['pdf', 'video'] }).notNull(),
    sort: integer('sort').notNull().default(0),
    ...editable,
  },
  (t) => [index('help_files_group').on(t.groupId)],
);

/** Per node one example file and one template file (example and template fetch). */
export const helpTemplates = pgTable(
  'help_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    systemCoding: text('system_coding').notNull().default(''),
    gnCoding: text('gn_coding').notNull().default(''),
    exampleFileId: uuid('example_file_id').references(() => storedFiles.id),
    exampleFileName: text('example_file_name').notNull().default(''),
    templateFileId: uuid('template_file_id').references(() => storedFiles.id),
    templateFileName: text('template_file_name').notNull().default(''),
    ...editable,
  },
  (t) => [
    uniqueIndex('help_templates_scope_live').on(t.systemCoding, t.gnCoding).where(sql`deleted_at is null`),
  ],
);
