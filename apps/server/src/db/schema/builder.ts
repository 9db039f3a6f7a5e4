import type { NodeId } from '@ks/contract';
import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { editable } from './columns.ts';
import { systems } from './shell.ts';

/**
 * A display group (展示分组) of a system: a named, ordered set of its menu nodes that pages show
 * together. Node ids are kept as a list because the group only orders them; a deleted node is
 * dropped from the group when the group is read.
 */
export const displayGroups = pgTable('display_groups', {
  id: uuid('id').primaryKey().defaultRandom(),
  systemId: uuid('system_id')
    .notNull()
    .references(() => systems.id),
  name: text('name').notNull(),
  icon: text('icon').notNull().default(''),
  nodeIds: jsonb('node_ids').$type<NodeId[]>().notNull().default([]),
  sort: integer('sort').notNull().default(0),
  ...editable,
});

/** The module-provided systems already ensured (engine/provided-systems.ts): never re-created. */
export const providedSystems = pgTable('provided_systems', {
  systemCoding: text('system_coding').primaryKey(),
  module: text('module').notNull(),
  providedAt: timestamp('provided_at', { withTimezone: true }).notNull().defaultNow(),
});
