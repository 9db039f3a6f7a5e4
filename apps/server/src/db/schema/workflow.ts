import type { AuditLevel, FormGroup, FormItem, WireRecord } from '@ks/contract';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { editable } from './columns.ts';
import { users } from './identity.ts';
import { notifyTodos } from './notify.ts';
import { menuNodes } from './shell.ts';

/** What a reviewer reviews: the record as it was submitted, with the form it was filled in with. */
export type AuditSnapshot = {
  values: WireRecord;
  items: FormItem[];
  groups: FormGroup[];
};

/**
 * One run of a node's audit flow over one record (docs/architecture.md, "Every change is history": submitted data is snapshotted
 * for reviewers). The levels are copied from the record's schema version when the flow starts, so
 * a later publish never changes a running flow. At most one flow of a record runs at a time.
 */
export const auditInstances = pgTable(
  'audit_instances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    nodeId: uuid('node_id')
      .notNull()
      .references(() => menuNodes.id),
    recordId: uuid('record_id').notNull(),
    tableName: text('table_name').notNull(),
    schemaVersion: integer('schema_version').notNull(),
    /** The audit levels of that schema version, as configured when the flow started. */
    levels: jsonb('levels').$type<AuditLevel[]>().notNull(),
    snapshot: jsonb('snapshot').$type<AuditSnapshot>().notNull(),
    submitterUserId: uuid('submitter_user_id')
      .notNull()
      .references(() => users.id),
    submitterEnterpriseId: uuid('submitter_enterprise_id'),
    status: text('status', { enum: ['running', 'passed', 'rejected', 'revoked'] }).notNull(),
    /** The level under review while running; the level that decided afterwards. */
    currentLevel: integer('current_level').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ...editable,
  },
  (t) => [
    index('audit_instances_record').on(t.nodeId, t.recordId, t.startedAt),
    uniqueIndex('audit_instances_running')
      .on(t.nodeId, t.recordId)
      .where(sql`status = 'running' and deleted_at is null`),
  ],
);

/**
 * One reviewer's task on one level: single levels have one step, any (或签) and all (会签) levels
 * one per member of the organisation when the level opened.
 */
export const auditSteps = pgTable(
  'audit_steps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => auditInstances.id),
    level: integer('level').notNull(),
    name: text('name').notNull(),
    way: text('way', { enum: ['single', 'any', 'all'] }).notNull(),
    reviewerUserId: uuid('reviewer_user_id')
      .notNull()
      .references(() => users.id),
    /** skipped: another reviewer decided the level, or the flow was rejected or revoked first. */
    status: text('status', { enum: ['pending', 'passed', 'rejected', 'skipped'] }).notNull(),
    advice: text('advice').notNull().default(''),
    actedAt: timestamp('acted_at', { withTimezone: true }),
    /** The reviewer's open to-do for this step, closed when the step is. */
    todoId: uuid('todo_id').references(() => notifyTodos.id),
    ...editable,
  },
  (t) => [
    index('audit_steps_instance').on(t.instanceId, t.level),
    index('audit_steps_reviewer_pending')
      .on(t.reviewerUserId)
      .where(sql`status = 'pending' and deleted_at is null`),
  ],
);
