import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import pg from 'pg';
import { isServeEntry, REPO_ROOT, spawnUntilReady, stopChild } from './child.ts';
import { type ListScope, listStatements } from './records-sql.ts';
import type { RunningServer } from './server.ts';

/**
 * The baseline of the records list: a bare Fastify (no logger, no plugins, no session, no zod)
 * whose one route runs the platform's list SQL for the same page through `pg` directly — the page,
 * the capped exact count and, above the cap, the planner's estimate — and answers the rows in the
 * platform's envelope. What the platform adds on top (session check, node resolution, function
 * grants, validation, row mapping, serialisation) is what the ratio measures.
 */
export const RECORDS_BASELINE_PATH = '/baseline/records-list';
const READY = 'RECORDS_BASELINE_LISTENING';
/** The same cap as the contract's EXACT_COUNT_LIMIT. */
const EXACT_COUNT_LIMIT = 10000;

interface BaselineBody {
  curPage: number;
  pageSize: number;
  status: string;
  quantityGt: number;
}

async function serve(): Promise<void> {
  const scope: ListScope = JSON.parse(process.env.RECORDS_BASELINE_SCOPE ?? '{}');
  // The platform's pool holds 10 connections (apps/server/src/db/client.ts): the same here.
  const pool = new pg.Pool({ connectionString: process.env.RECORDS_BASELINE_DATABASE_URL, max: 10 });
  const app = Fastify({ logger: false });
  app.post(RECORDS_BASELINE_PATH, async (request) => {
    const body = request.body as BaselineBody;
    const statements = listStatements(
      scope,
      { status: body.status, quantityGt: body.quantityGt },
      { limit: body.pageSize, offset: (body.curPage - 1) * body.pageSize },
      EXACT_COUNT_LIMIT,
    );
    const rows = (await pool.query(statements.page)).rows as Record<string, unknown>[];
    const counted = Number((await pool.query(statements.count)).rows[0]?.n ?? 0);
    let total = counted;
    let totalExact = true;
    if (counted > EXACT_COUNT_LIMIT) {
      const plan = (await pool.query(statements.estimate)).rows[0]?.['QUERY PLAN'] as
        | { Plan: { 'Plan Rows': number } }[]
        | undefined;
      total = Math.max(Math.round(Number(plan?.[0]?.Plan['Plan Rows'] ?? 0)), EXACT_COUNT_LIMIT + 1);
      totalExact = false;
    }
    return {
      code: 200,
      message: '成功',
      data: {
        records: rows.map((row) => ({
          id: row._id,
          businessId: row._business_id,
          version: row._version,
          status: row._status,
          auditState: row._audit_state,
          createdAt: (row._created_at as Date).toISOString(),
          ownerName: row._owner_name ?? '',
          title: row.title,
          customer: row.customer,
          quantity: row.quantity,
          amount: row.amount === null ? null : Number(row.amount),
          order_status: row.order_status,
          order_date: row.order_date,
          paid: row.paid,
          note: row.note,
        })),
        total,
        totalExact,
        curPage: body.curPage,
        pageSize: body.pageSize,
      },
    };
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      void app
        .close()
        .then(() => pool.end())
        .then(() => process.exit(0));
    });
  }
  console.log(`${READY} ${new URL(address).port}`);
}

/** Starts the baseline in its own process on a free port, reading `databaseUrl` with the given scope. */
export async function startRecordsBaseline(databaseUrl: string, scope: ListScope): Promise<RunningServer> {
  const { child, match } = await spawnUntilReady({
    label: 'records-baseline',
    args: ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve'],
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      RECORDS_BASELINE_DATABASE_URL: databaseUrl,
      RECORDS_BASELINE_SCOPE: JSON.stringify(scope),
    },
    readyPattern: new RegExp(`${READY} (\\d+)`),
    timeoutMs: 30_000,
  });
  let stopped: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${match[1]}`,
    pid: child.pid,
    stop: () => {
      stopped ??= stopChild(child);
      return stopped;
    },
  };
}

if (isServeEntry(import.meta.url)) {
  await serve();
}
