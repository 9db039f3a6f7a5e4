import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import pg from 'pg';
import { isServeEntry, REPO_ROOT, spawnUntilReady, stopChild } from './child.ts';
import type { RunningServer } from './server.ts';

/**
 * The baseline of the trading lists (bench/trading-lists.ts): a bare Fastify (no logger, no
 * plugins, no session, no zod) whose two routes run the SQL the trading module's repository runs
 * for `GET /ks/trade/records` and `GET /ks/trade/records/:id` — the same statements, one after
 * another as the service sends them, through `pg` with a pool of 10 and `jit = off` like the
 * platform's — and answer the same fields in the platform's envelope. What the platform adds on top
 * (session check, the caller's side, validation, serialisation through zod) is what the ratio measures.
 */
export const TRADING_BASELINE_LIST = '/baseline/trade/records';
const READY = 'TRADING_BASELINE_LISTENING';

const PROJECT_COLUMNS = `id, code, name, tenderee_name, principal, principal_phone, state, return_reason,
  created_by, submitted_at, decided_at, created_at, updated_at, version, deleted_at`;

/** As repository.ts `listProjects`: live projects, newest change first, at most 500, with their section count. */
export const LIST_SQL = (party: boolean) => `select ${PROJECT_COLUMNS},
  (select count(*)::int from trading_sections s where s.project_id = trading_projects.id and s.deleted_at is null) as section_count
  from trading_projects
  where deleted_at is null${
    party
      ? ' and exists (select 1 from trading_parties where trading_parties.project_id = trading_projects.id and trading_parties.user_id = $1)'
      : ''
  }
  order by updated_at desc limit 500`;

/** As repository.ts `partiesOf`. */
export const PARTIES_SQL = `select tp.project_id, tp.user_id, tp.capacity, coalesce(e.name, u.user_name) as name
  from trading_parties tp join users u on u.id = tp.user_id left join enterprises e on e.id = u.enterprise_id
  where tp.project_id = any($1::uuid[])`;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

async function serve(): Promise<void> {
  // The same pool settings as apps/server/src/db/client.ts: 10 connections, jit = off.
  const pool = new pg.Pool({
    connectionString: process.env.TRADING_BASELINE_DATABASE_URL,
    max: 10,
    options: '-c jit=off',
  });
  const app = Fastify({ logger: false });

  // ?party=<user id>: the list of an enterprise (the projects it is a party of); none: the centre's.
  app.get(TRADING_BASELINE_LIST, async (request) => {
    const party = (request.query as { party?: string }).party;
    const rows = (await pool.query(LIST_SQL(!!party), party ? [party] : [])).rows;
    const parties = rows.length ? (await pool.query(PARTIES_SQL, [rows.map((row) => row.id)])).rows : [];
    const byProject = new Map<string, { user_id: string; capacity: string; name: string }[]>();
    for (const row of parties) byProject.set(row.project_id, [...(byProject.get(row.project_id) ?? []), row]);
    return {
      code: 200,
      message: '成功',
      data: {
        mayEnter: !!party,
        records: rows.map((row) => {
          const on = byProject.get(row.id) ?? [];
          const mine = on.find((p) => p.user_id === party);
          return {
            id: row.id,
            code: row.code,
            name: row.name,
            state: row.state,
            tendereeName: row.tenderee_name,
            agentName: on.find((p) => p.capacity === 'agent')?.name ?? null,
            sectionCount: row.section_count,
            updatedAt: row.updated_at.toISOString(),
            side: party ? (mine?.capacity ?? 'bidder') : 'centre',
          };
        }),
      },
    };
  });

  app.get(`${TRADING_BASELINE_LIST}/:id`, async (request, reply) => {
    const { id } = request.params as { id: string };
    const [row] = (
      await pool.query(
        `select ${PROJECT_COLUMNS} from trading_projects where id = $1 and deleted_at is null`,
        [id],
      )
    ).rows;
    if (!row) return reply.code(404).send({ code: 404, message: '项目不存在', data: null });
    // As repository.ts sectionsOf, partiesOf, historyOf, one after another.
    const sections = (
      await pool.query(
        `select s.*, (select count(*)::int from trading_section_files f where f.section_id = s.id) as attachment_count
         from trading_sections s where s.project_id = $1 and s.deleted_at is null order by s.position`,
        [id],
      )
    ).rows;
    const parties = (await pool.query(PARTIES_SQL, [[id]])).rows;
    const history = (
      await pool.query('select * from trading_history where project_id = $1 order by at, id', [id])
    ).rows;
    return {
      code: 200,
      message: '成功',
      data: {
        id: row.id,
        code: row.code,
        name: row.name,
        state: row.state,
        tendereeName: row.tenderee_name,
        agentName: parties.find((p) => p.capacity === 'agent')?.name ?? null,
        principal: row.principal,
        principalPhone: row.principal_phone,
        returnReason: row.return_reason,
        submittedAt: iso(row.submitted_at),
        decidedAt: iso(row.decided_at),
        createdAt: row.created_at.toISOString(),
        version: row.version,
        side: 'centre',
        actions: [],
        sections: sections.map((s) => ({
          id: s.id,
          code: s.code,
          projectId: s.project_id,
          name: s.name,
          type: s.type,
          estimatePrice: Number(s.estimate_price),
          controlPrice: s.control_price === null ? null : Number(s.control_price),
          controlPriceNote: s.control_price_note,
          qualification: s.qualification,
          evaluationMethod: s.evaluation_method,
          noticeAt: iso(s.notice_at),
          saleStartAt: iso(s.sale_start_at),
          saleEndAt: iso(s.sale_end_at),
          bidDeadlineAt: iso(s.bid_deadline_at),
          openingAt: iso(s.opening_at),
          attachmentCount: s.attachment_count,
        })),
        history: history.map((h) => ({
          at: h.at.toISOString(),
          actorName: h.actor_name,
          action: h.action,
          reason: h.reason,
        })),
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

/** Starts the baseline in its own process on a free port, reading `databaseUrl`. */
export async function startTradingBaseline(databaseUrl: string): Promise<RunningServer> {
  const { child, match } = await spawnUntilReady({
    label: 'trading-baseline',
    args: ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve'],
    cwd: REPO_ROOT,
    env: { ...process.env, TRADING_BASELINE_DATABASE_URL: databaseUrl },
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
