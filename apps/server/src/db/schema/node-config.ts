import type { NodeDefinition } from '@ks/contract';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { editable } from './columns.ts';
import { users } from './identity.ts';
import { menuNodes } from './shell.ts';

/**
 * A node's working definition (form, list, filters, charts, functions, audit flow): developers
 * edit this draft; `version` guards concurrent edits. publishedVersion 0 means never published.
 */
export const nodeDefinitions = pgTable('node_definitions', {
  nodeId: uuid('node_id')
    .primaryKey()
    .references(() => menuNodes.id),
  draft: jsonb('draft').$type<NodeDefinition>().notNull(),
  publishedVersion: integer('published_version').notNull().default(0),
  ...editable,
});

/**
 * Every published definition, frozen: records and running audits name the schema version they were
 * made with, so a later publish never changes how an old record is read or reviewed.
 */
export const nodeSchemaVersions = pgTable(
  'node_schema_versions',
  {
    nodeId: uuid('node_id')
      .notNull()
      .references(() => menuNodes.id),
    schemaVersion: integer('schema_version').notNull(),
    definition: jsonb('definition').$type<NodeDefinition>().notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    publishedBy: uuid('published_by').references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.nodeId, t.schemaVersion] })],
);

/** The table (in the business-data schema) that holds a node's records. */
export const nodeDataSources = pgTable(
  'node_data_sources',
  {
    nodeId: uuid('node_id')
      .primaryKey()
      .references(() => menuNodes.id),
    tableName: text('table_name').notNull(),
    mode: text('mode', { enum: ['created', 'bound'] }).notNull(),
    ...editable,
  },
  (t) => [uniqueIndex('node_data_sources_table').on(t.tableName).where(sql`deleted_at is null`)],
);

/** Each DDL step applied to a node table, in order: a replayable migration history. */
export const nodeMigrations = pgTable(
  'node_migrations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    nodeId: uuid('node_id')
      .notNull()
      .references(() => menuNodes.id),
    tableName: text('table_name').notNull(),
    kind: text('kind', {
      enum: ['create_table', 'add_column', 'alter_type', 'create_index', 'bind'],
    }).notNull(),
    statement: text('statement').notNull(),
    detail: text('detail').notNull().default(''),
    appliedBy: uuid('applied_by').references(() => users.id),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('node_migrations_node').on(t.nodeId, t.id)],
);
