import { fileURLToPath } from 'node:url';
import { EXACT_COUNT_LIMIT } from '@ks/contract';
import Fastify from 'fastify';
import pg from 'pg';
import { isServeEntry, REPO_ROOT, spawnUntilReady, stopChild } from './child.ts';
import { type ListScope, listStatements } from './records-sql.ts';
import type { RunningServer } from './server.ts';

/**
 * The baseline of the records list: a bare Fastify (no logger, no plugins, no session, no zod)
 * whose one route runs the platform's list SQL for the same page through `pg` directly, as
 * service.ts `list` does — the page with the capped exact count in the same statement (the count on
 * its own only for a page past the end) and, above the cap, the planner's estimate (held for 10 s,
 * as the platform's ListEstimates does, the page then sent without the count) — and answers
 * the rows in the platform's envelope. What the platform adds on top (session check, node resolution, function
 * grants, validation, row mapping, serialisation) is what the ratio measures.
 */
export const RECORDS_BASELINE_PATH = '/baseline/records-list';
const READY = 'RECORDS_BASELINE_LISTENING';
/** The same reuse of an estimate as apps/server/src/modules/records/list-estimates.ts. */
const ESTIMATE_TTL_MS = 10_000;

interface BaselineBody {
  curPage: number;
  pageSize: number;
  status: string;
  quantityGt: number;
}

async function serve(): Promise<void> {
  const scope: ListScope = JSON.parse(process.env.RECORDS_BASELINE_SCOPE ?? '{}');
  // The same pool settings as apps/server/src/db/client.ts: 10 connections, jit = off.
  const pool = new pg.Pool({
    connectionString: process.env.RECORDS_BASELINE_DATABASE_URL,
    max: 10,
    options: '-c jit=off',
  });
  const estimates = new Map<string, { rows: number; until: number }>();
  const app = Fastify({ logger: false });
  app.post(RECORDS_BASELINE_PATH, async (request) => {
    const body = request.body as BaselineBody;
    const offset = (body.curPage - 1) * body.pageSize;
    const statements = listStatements(
      scope,
      { status: body.status, quantityGt: body.quantityGt },
      { limit: body.pageSize, offset },
      EXACT_COUNT_LIMIT,
    );
    // As list-estimates.ts: an estimate is held for ESTIMATE_TTL_MS per statement and values, and
    // only after a capped count passed the cap; while it is held, the page is sent without the count.
    const key = JSON.stringify(statements.estimate.values);
    const held = estimates.get(key);
    const holding = held !== undefined && held.until >= Date.now();
    const rows = (await pool.query(holding ? statements.heldPage : statements.page)).rows as Record<
      string,
      unknown
    >[];
    let total: number;
    let totalExact = true;
    if (holding && rows.length > 0) {
      // As service.ts `pageTotal`: a short page is the last one and tells the total exactly.
      total = rows.length < body.pageSize ? offset + rows.length : Math.max(held.rows, EXACT_COUNT_LIMIT + 1);
      totalExact = rows.length < body.pageSize;
    } else {
      // The count rides on the page's rows; a page past the end asks it on its own, page 1 empty is 0.
      const counted =
        rows.length > 0
          ? Number(rows[0]?._total)
          : offset === 0
            ? 0
            : Number((await pool.query(statements.count)).rows[0]?.n ?? 0);
      total = counted;
      if (counted > EXACT_COUNT_LIMIT) {
        // As service.ts `totalOf`: the held estimate, or a new one (an unreadable plan counts as
        // 0, so the total is the cap + 1).
        let estimate = holding ? held : undefined;
        if (!estimate) {
          const plan = (await pool.query(statements.estimate).catch(() => null))?.rows[0]?.['QUERY PLAN'] as
            | { Plan: { 'Plan Rows': number } }[]
            | undefined;
          estimate = {
            rows: Math.round(Number(plan?.[0]?.Plan?.['Plan Rows'] ?? 0)),
            until: Date.now() + ESTIMATE_TTL_MS,
          };
          estimates.set(key, estimate);
        }
        total = Math.max(estimate.rows, EXACT_COUNT_LIMIT + 1);
        totalExact = false;
      }
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
