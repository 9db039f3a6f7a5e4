import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The cost-file check (docs/domain.md §11, C1–C20) over the parsed tables of `file-analysis.ts`: the
 * rule configuration administrators edit, one row per check run and the findings of the run that
 * is a project's current result (decision 0044).
 */

/**
 * One saved version of the rule configuration (rates and tolerances per region, specialty and tax
 * method). Every save inserts a new version; a version is never updated, so a run's result always
 * names the exact rates it used. The highest version is the one new runs use.
 */
export const costRuleSets = pgTable('cost_rule_sets', {
  id: uuid('id').primaryKey().defaultRandom(),
  version: integer('version').notNull().unique(),
  /** The configuration (contract `CostRuleConfigSchema`), validated on save. */
  config: jsonb('config').notNull(),
  /** What changed, in the administrator's words. */
  note: text('note').notNull().default(''),
  /** null for the seeded default version. */
  createdBy: uuid('created_by'),
  createdByName: text('created_by_name').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One check of a project (xmId): `queued` → `running` → `done` | `failed`. At most one run per
 * project is queued or running (the partial unique index), so a second start is refused, race-free.
 * The findings of the newest `done` run are the project's result; a re-run replaces them in the
 * transaction that marks it done.
 */
export const costCheckRuns = pgTable(
  'cost_check_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id').notNull(),
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] }).notNull(),
    /** The rule version the run used (set when it starts running). */
    ruleVersion: integer('rule_version'),
    requestedBy: uuid('requested_by').notNull(),
    jobId: text('job_id'),
    progress: integer('progress').notNull().default(0),
    errorMessage: text('error_message'),
    findingCount: integer('finding_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('cost_check_runs_project').on(t.projectId, t.createdAt),
    uniqueIndex('cost_check_runs_one_active').on(t.projectId).where(sql`state in ('queued', 'running')`),
  ],
);

/**
 * One finding of a run on one file: the rule (C1…C20), its class (`error` hard error, `warning`
 * configurable rule, `flag` for the evaluation committee, `skipped` when the files lack the data
 * the rule needs — never a silent pass), the message, what was expected and found, and the node
 * (cost_nodes) and item (code) it concerns.
 */
export const costCheckFindings = pgTable(
  'cost_check_findings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    runId: uuid('run_id').notNull(),
    projectId: uuid('project_id').notNull(),
    fileId: uuid('file_id').notNull(),
    rule: text('rule').notNull(),
    severity: text('severity', { enum: ['error', 'warning', 'flag', 'skipped'] }).notNull(),
    message: text('message').notNull(),
    expected: text('expected'),
    found: text('found'),
    nodeId: uuid('node_id'),
    nodePath: text('node_path'),
    nodeName: text('node_name'),
    itemCode: text('item_code'),
  },
  (t) => [
    index('cost_check_findings_run').on(t.runId, t.fileId, t.rule),
    index('cost_check_findings_project').on(t.projectId),
  ],
);
