import type { CardStyle, FormOption } from '@ks/contract';
import { sql } from 'drizzle-orm';
import { jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { editable } from './columns.ts';

/** A dictionary (字典): a named flat option list that form items use as their source. */
export const dictionaries = pgTable(
  'dictionaries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Letter first, then letters, digits or underscores; items reference it by this code. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    items: jsonb('items').$type<FormOption[]>().notNull().default([]),
    ...editable,
  },
  (t) => [uniqueIndex('dictionaries_code_live').on(t.code).where(sql`deleted_at is null`)],
);

/** A value range (值域): a named option tree for cascades (省/市/区 …). */
export const valueRanges = pgTable(
  'value_ranges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    tree: jsonb('tree').$type<FormOption[]>().notNull().default([]),
    ...editable,
  },
  (t) => [uniqueIndex('value_ranges_code_live').on(t.code).where(sql`deleted_at is null`)],
);

/** A style template (/system/styleTemplate): a named card style developers apply to nodes. */
export const styleTemplates = pgTable(
  'style_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    style: jsonb('style').$type<CardStyle>().notNull(),
    ...editable,
  },
  (t) => [uniqueIndex('style_templates_name_live').on(t.name).where(sql`deleted_at is null`)],
);
