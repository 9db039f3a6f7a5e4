import type { FindingSeverity } from '@ks/contract';
import { and, desc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { costCheckFindings, costCheckRuns } from '../../db/schema/cost-checks.ts';
import type { FindingDraft } from './checks/types.ts';

/**
 * SQL of the cost check's runs and findings (decision 0044). The parsed cost files it checks are
 * the cost files module's, read through its port (tree.ts); the rule versions are
 * rules-repository.ts's.
 */

export type RunRow = typeof costCheckRuns.$inferSelect;
export type RunState = RunRow['state'];

/** Findings are written in batches of this many rows. */
const INSERT_BATCH = 1000;
const NO_FILE = '00000000-0000-0000-0000-000000000000';

// -- runs ---------------------------------------------------------------------------------------

export async function runById(db: Db, id: string): Promise<RunRow | null> {
  const [run] = await db.select().from(costCheckRuns).where(eq(costCheckRuns.id, id)).limit(1);
  return run ?? null;
}

export async function insertRun(db: Db, projectId: string, requestedBy: string): Promise<RunRow> {
  const [run] = await db
    .insert(costCheckRuns)
    .values({ projectId, state: 'queued', requestedBy })
    .returning();
  if (!run) throw new Error('run insert returned nothing');
  return run;
}

/** Marks failed the runs of the project still queued or running after `minutes` (a dead process's). */
export async function failStaleRuns(db: Db, projectId: string, minutes: number): Promise<void> {
  await db
    .update(costCheckRuns)
    .set({ state: 'failed', errorMessage: '检测中断', finishedAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(costCheckRuns.projectId, projectId),
        inArray(costCheckRuns.state, ['queued', 'running']),
        lt(costCheckRuns.updatedAt, sql`now() - make_interval(mins => ${minutes})`),
      ),
    );
}

export async function setRunJob(db: Db, id: string, jobId: string): Promise<void> {
  await db.update(costCheckRuns).set({ jobId }).where(eq(costCheckRuns.id, id));
}

/** Starts a queued or running run under a rule version; false when it was superseded meanwhile. */
export async function markRunning(db: Db, id: string, ruleVersion: number): Promise<boolean> {
  const started = await db
    .update(costCheckRuns)
    .set({ state: 'running', ruleVersion, progress: 0, startedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(costCheckRuns.id, id), inArray(costCheckRuns.state, ['queued', 'running'])))
    .returning({ id: costCheckRuns.id });
  return started.length > 0;
}

export async function setProgress(db: Db, id: string, progress: number): Promise<void> {
  await db.update(costCheckRuns).set({ progress, updatedAt: new Date() }).where(eq(costCheckRuns.id, id));
}

/** Completes a running run with its finding count; null when it no longer runs (superseded). */
export async function finishRun(db: Db, id: string, findingCount: number): Promise<RunRow | null> {
  const [done] = await db
    .update(costCheckRuns)
    .set({ state: 'done', progress: 100, findingCount, finishedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(costCheckRuns.id, id), eq(costCheckRuns.state, 'running')))
    .returning();
  return done ?? null;
}

/** Fails a queued or running run with its reason; null when it had already ended. */
export async function failRun(db: Db, id: string, reason: string): Promise<RunRow | null> {
  const [failed] = await db
    .update(costCheckRuns)
    .set({ state: 'failed', errorMessage: reason, finishedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(costCheckRuns.id, id), inArray(costCheckRuns.state, ['queued', 'running'])))
    .returning();
  return failed ?? null;
}

/** The project's newest runs, newest first. */
export function newestRuns(db: Db, projectId: string, limit: number): Promise<RunRow[]> {
  return db
    .select()
    .from(costCheckRuns)
    .where(eq(costCheckRuns.projectId, projectId))
    .orderBy(desc(costCheckRuns.createdAt))
    .limit(limit);
}

/** Those of the projects that have had a run. */
export async function projectsWithRuns(db: Db, projectIds: string[]): Promise<Set<string>> {
  if (projectIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: costCheckRuns.projectId })
    .from(costCheckRuns)
    .where(inArray(costCheckRuns.projectId, projectIds));
  return new Set(rows.map((row) => row.id));
}

// -- findings -----------------------------------------------------------------------------------

/** Replaces the project's findings by the run's, in the caller's transaction. */
export async function replaceFindings(
  db: Db,
  run: { id: string; projectId: string },
  drafts: { fileId: string; finding: FindingDraft }[],
): Promise<void> {
  await db.delete(costCheckFindings).where(eq(costCheckFindings.projectId, run.projectId));
  for (let start = 0; start < drafts.length; start += INSERT_BATCH) {
    await db.insert(costCheckFindings).values(
      drafts.slice(start, start + INSERT_BATCH).map(({ fileId, finding }) => ({
        runId: run.id,
        projectId: run.projectId,
        fileId,
        ...finding,
      })),
    );
  }
}

/** A run's findings counted per file and severity. */
export function countsByFileAndSeverity(
  db: Db,
  runId: string,
): Promise<{ fileId: string; severity: string; count: number }[]> {
  return db
    .select({
      fileId: costCheckFindings.fileId,
      severity: costCheckFindings.severity,
      count: sql<number>`count(*)::int`,
    })
    .from(costCheckFindings)
    .where(eq(costCheckFindings.runId, runId))
    .groupBy(costCheckFindings.fileId, costCheckFindings.severity);
}

/** Which findings a page, a count or an export reads: a run's (none without one), of these files. */
export type FindingFilter = {
  runId: string | null;
  fileIds: string[];
  severity?: FindingSeverity | undefined;
  /** A node and everything under it. */
  nodePath?: string | undefined;
  rule?: string | undefined;
};

function findingWhere(filter: FindingFilter, withRule: boolean): SQL | undefined {
  if (!filter.runId) return sql`false`;
  return and(
    eq(costCheckFindings.runId, filter.runId),
    inArray(costCheckFindings.fileId, filter.fileIds.length ? filter.fileIds : [NO_FILE]),
    filter.severity ? eq(costCheckFindings.severity, filter.severity) : undefined,
    filter.nodePath
      ? sql`(${costCheckFindings.nodePath} = ${filter.nodePath} or ${costCheckFindings.nodePath} like ${`${filter.nodePath}.%`})`
      : undefined,
    withRule && filter.rule ? eq(costCheckFindings.rule, filter.rule) : undefined,
  );
}

export type FindingRow = Omit<typeof costCheckFindings.$inferSelect, 'runId' | 'projectId' | 'createdAt'>;

/** The findings under the filter in rule order (C2 before C10), from `offset`, at most `limit`. */
export function findingRows(
  db: Db,
  filter: FindingFilter,
  page: { limit: number; offset?: number },
): Promise<FindingRow[]> {
  return db
    .select({
      id: costCheckFindings.id,
      fileId: costCheckFindings.fileId,
      rule: costCheckFindings.rule,
      severity: costCheckFindings.severity,
      message: costCheckFindings.message,
      expected: costCheckFindings.expected,
      found: costCheckFindings.found,
      nodeId: costCheckFindings.nodeId,
      nodePath: costCheckFindings.nodePath,
      nodeName: costCheckFindings.nodeName,
      itemCode: costCheckFindings.itemCode,
    })
    .from(costCheckFindings)
    .where(findingWhere(filter, true))
    .orderBy(sql`length(${costCheckFindings.rule})`, costCheckFindings.rule, costCheckFindings.id)
    .limit(page.limit)
    .offset(page.offset ?? 0);
}

/** How many findings each rule has under the filter, whatever rule it names. */
export function countsByRule(db: Db, filter: FindingFilter): Promise<{ rule: string; count: number }[]> {
  return db
    .select({ rule: costCheckFindings.rule, count: sql<number>`count(*)::int` })
    .from(costCheckFindings)
    .where(findingWhere(filter, false))
    .groupBy(costCheckFindings.rule);
}

/** A run's findings on a file (skipped rules aside) counted per node, and its errors. */
export function countsByNode(
  db: Db,
  runId: string,
  fileId: string,
): Promise<{ nodeId: string | null; findings: number; errors: number }[]> {
  return db
    .select({
      nodeId: costCheckFindings.nodeId,
      findings: sql<number>`count(*)::int`,
      errors: sql<number>`(count(*) filter (where ${costCheckFindings.severity} = 'error'))::int`,
    })
    .from(costCheckFindings)
    .where(
      and(
        eq(costCheckFindings.runId, runId),
        eq(costCheckFindings.fileId, fileId),
        sql`${costCheckFindings.severity} <> 'skipped'`,
      ),
    )
    .groupBy(costCheckFindings.nodeId);
}
