import type { FindJobsQuery, JobState } from '@ks/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** pg-boss's tables live in its own schema (pg-boss's default), beside the platform's job_reports. */
const JOB_TABLE = sql.raw('pgboss.job');

export interface JobRow {
  id: string;
  name: string;
  state: JobState;
  attempts: number;
  maxAttempts: number;
  progress: number;
  progressNote: string;
  lastError: string;
  createdAt: Date | string;
  finishedAt: Date | string | null;
}

function whereOf(query: Pick<FindJobsQuery, 'state' | 'name'>): SQL {
  const conditions: SQL[] = [sql`true`];
  if (query.state) conditions.push(sql`j.state = ${query.state}::pgboss.job_state`);
  if (query.name) conditions.push(sql`j.name = ${query.name}`);
  return sql.join(conditions, sql` and `);
}

/**
 * A page of jobs, newest first, with what their handlers reported. pg-boss's internal queues
 * (`__pgboss__…`, the cron clock's) are not the administrators' business.
 */
export async function findJobs(db: Db, query: FindJobsQuery): Promise<{ rows: JobRow[]; total: number }> {
  const where = sql`${whereOf(query)} and j.name not like '\\_\\_pgboss%'`;
  const offset = (query.curPage - 1) * query.pageSize;
  const page = (await db.execute(sql`
    select j.id, j.name, j.state,
      case when j.started_on is null then 0 else j.retry_count + 1 end as "attempts",
      j.retry_limit + 1 as "maxAttempts",
      coalesce(r.progress, case when j.state = 'completed' then 100 else 0 end) as "progress",
      coalesce(r.progress_note, '') as "progressNote",
      coalesce(
        case when j.state in ('retry', 'failed')
          then coalesce(j.output->>'message', j.output->'value'->>'message') end,
        r.last_error, '') as "lastError",
      j.created_on as "createdAt",
      j.completed_on as "finishedAt"
    from ${JOB_TABLE} j
    left join job_reports r on r.job_id = j.id
    where ${where}
    order by j.created_on desc, j.id
    limit ${query.pageSize} offset ${offset}
  `)) as unknown as { rows: JobRow[] };
  const counted = (await db.execute(
    sql`select count(*)::int as "total" from ${JOB_TABLE} j where ${where}`,
  )) as unknown as { rows: { total: number }[] };
  return { rows: page.rows, total: Number(counted.rows[0]?.total ?? 0) };
}

/** The type and state of one job, or null. */
export async function findJob(db: Db, id: string): Promise<{ name: string; state: JobState } | null> {
  const result = (await db.execute(
    sql`select name, state from ${JOB_TABLE} where id = ${id}::uuid and name not like '\\_\\_pgboss%'`,
  )) as unknown as { rows: { name: string; state: JobState }[] };
  return result.rows[0] ?? null;
}
