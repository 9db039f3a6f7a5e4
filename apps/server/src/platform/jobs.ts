import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { Database, Db } from '../db/client.ts';
import { runInBackground } from '../db/give-way.ts';
import { jobReports } from '../db/schema/index.ts';

/**
 * Durable jobs (decision 0018): pg-boss 10 on the platform's own database, PGlite or PostgreSQL.
 * A module defines each job type once (`defineJob`), registers it with `jobs.define` while the app
 * is built, and enqueues it with `jobs.send` or, inside its own transaction, `jobs.sendInTransaction`
 * (the transactional outbox: written with the caller's rows, run only if they commit, at least
 * once). Handlers must be idempotent: a job whose instance dies mid-run runs again.
 */

/** What a handler gets beside its payload. */
export interface JobContext {
  readonly jobId: string;
  /** 1 on the first run, 2 on the first retry, … */
  readonly attempt: number;
  /** Aborted when the job's timeout passes: stop at the next safe point (the attempt has failed). */
  readonly signal: AbortSignal;
  /** Stores how far the job is (0–100) and what it is doing, for the administrators' page. */
  reportProgress(percent: number, note?: string): Promise<void>;
}

export interface JobDefinition<P extends z.ZodType = z.ZodType> {
  /** `area.verb-thing`: the pg-boss queue name, shown on the administrators' page. */
  name: string;
  /** Chinese name for the administrators' page. */
  title: string;
  /** The payload: ids and parameters, never rows (a retry must read the current state). */
  payload: P;
  handle(payload: z.output<P>, context: JobContext): Promise<void>;
  /** Retries after the first attempt (default 3). */
  retryLimit?: number;
  /** Delay before the first retry; doubled per retry with jitter when `retryBackoff` (default 10 s, on). */
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /** One attempt's limit (default 300 s); past it the attempt fails and is retried. */
  timeoutSeconds?: number;
  /** A cron schedule (UTC, minute resolution): one job per tick across every instance. */
  schedule?: { cron: string; payload: z.input<P> };
}

/** Identity function that types the handler's payload from the schema. */
export const defineJob = <P extends z.ZodType>(definition: JobDefinition<P>): JobDefinition<P> => definition;

export interface JobsOptions {
  /** Whether `start` runs handlers and the cron clock on this instance (JOBS_WORK). */
  work?: boolean;
  /** How often an idle worker looks for jobs (JOBS_POLL_SECONDS; pg-boss's floor is 0.5). */
  pollSeconds?: number;
  /**
   * A running job whose heartbeat is older than this lost its instance and is failed into its
   * next attempt (JOBS_STALE_SECONDS, default 60); the heartbeat is refreshed four times as often.
   */
  staleSeconds?: number;
}

const DEFAULTS = { retryLimit: 3, retryDelaySeconds: 10, retryBackoff: true, timeoutSeconds: 300 };
const DEFAULT_STALE_SECONDS = 60;
/** What an attempt whose instance died reports (the administrators' page shows it). */
export const ORPHANED_JOB_MESSAGE = '执行任务的实例已停止，任务将重新执行';
/** pg-boss fails an attempt that outlives its expiry; ours aborts first, so the handler hears of it. */
const EXPIRY_GRACE_SECONDS = 30;
const NAME_PATTERN = /^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+$/;
/** Finished jobs stay in pgboss.job (and on the page) this long before pg-boss archives them. */
const KEEP_COMPLETED_SECONDS = 3 * 24 * 3600;
const KEEP_FAILED_SECONDS = 14 * 24 * 3600;

type Row = { rows: unknown[] };

/** pg-boss's database seam on one Drizzle handle: a transaction, so a send commits with it. */
function executorOn(db: Db) {
  return {
    executeSql: (text: string, values: unknown[] = []): Promise<Row> =>
      db._.session
        .prepareQuery({ sql: text, params: values }, undefined, undefined, false)
        .execute() as Promise<Row>,
  };
}

class JobTimeoutError extends Error {
  constructor(seconds: number) {
    super(`任务超时（${seconds} 秒）`);
  }
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

export class Jobs {
  private readonly definitions = new Map<string, JobDefinition>();
  private client: PgBoss | null = null;
  private installing: Promise<void> | null = null;
  private worker: PgBoss | null = null;
  private reaper: NodeJS.Timeout | null = null;
  private isStopping = false;
  /** Handlers running now: stop() waits for them (see there). */
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly options: JobsOptions = {},
  ) {}

  /** Registers a job type; call while the app is built, before `install`. */
  define<P extends z.ZodType>(definition: JobDefinition<P>): JobDefinition<P> {
    if (this.installing) throw new Error(`job ${definition.name} defined after the job system was installed`);
    if (!NAME_PATTERN.test(definition.name))
      throw new Error(`job name ${definition.name} is not area.verb-thing`);
    if (this.definitions.has(definition.name)) throw new Error(`job ${definition.name} is defined twice`);
    this.definitions.set(definition.name, definition as unknown as JobDefinition);
    return definition;
  }

  /** The registered job types, by name. */
  types(): JobDefinition[] {
    return [...this.definitions.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  find(name: string): JobDefinition | undefined {
    return this.definitions.get(name);
  }

  /**
   * Creates or upgrades pg-boss's schema and one queue per job type, with the type's retry and
   * timeout settings. No timers and no workers: a test that never starts the job system pays only
   * this (tens of milliseconds on PGlite), and can still send jobs.
   */
  install(): Promise<void> {
    this.installing ??= (async () => {
      const client = new PgBoss({
        db: {
          executeSql: (text, values) => this.database.executeSql(text, values) as Promise<{ rows: never[] }>,
        },
        supervise: false,
        schedule: false,
      });
      client.on('error', (error) => this.onError(error));
      await client.start();
      for (const definition of this.definitions.values()) {
        const queue = {
          name: definition.name,
          retryLimit: definition.retryLimit ?? DEFAULTS.retryLimit,
          retryDelay: definition.retryDelaySeconds ?? DEFAULTS.retryDelaySeconds,
          retryBackoff: definition.retryBackoff ?? DEFAULTS.retryBackoff,
          expireInSeconds: (definition.timeoutSeconds ?? DEFAULTS.timeoutSeconds) + EXPIRY_GRACE_SECONDS,
        };
        await client.createQueue(definition.name, queue);
        // An existing queue keeps its settings otherwise: a changed definition applies on the next start.
        await client.updateQueue(definition.name, queue);
      }
      this.client = client;
    })();
    return this.installing;
  }

  /**
   * Installs, then (unless this instance does not work jobs) starts a worker per job type, pg-boss's
   * maintenance (timeouts of attempts whose instance died, archiving) and the cron clock, and
   * writes every type's schedule. main.ts calls it; tests that need workers opt in.
   */
  async start(): Promise<void> {
    await this.install();
    if (this.options.work === false || this.worker) return;
    const client = this.requireClient();
    for (const definition of this.definitions.values()) {
      if (definition.schedule) {
        definition.payload.parse(definition.schedule.payload);
        await client.schedule(
          definition.name,
          definition.schedule.cron,
          definition.schedule.payload as object,
        );
      } else {
        await client.unschedule(definition.name);
      }
    }
    const pollingIntervalSeconds = Math.max(0.5, this.options.pollSeconds ?? 2);
    const worker = new PgBoss({
      db: {
        executeSql: (text, values) => this.database.executeSql(text, values) as Promise<{ rows: never[] }>,
      },
      migrate: false,
      archiveCompletedAfterSeconds: KEEP_COMPLETED_SECONDS,
      archiveFailedAfterSeconds: KEEP_FAILED_SECONDS,
      // The cron clock follows the polling pace: pg-boss's 30 s at the default 2 s, seconds in tests.
      cronMonitorIntervalSeconds: Math.min(30, Math.max(1, Math.round(pollingIntervalSeconds * 15))),
      cronWorkerIntervalSeconds: Math.min(5, Math.max(1, Math.round(pollingIntervalSeconds * 2))),
    });
    worker.on('error', (error) => this.onError(error));
    await worker.start();
    this.worker = worker;
    // Attempts whose instance died run again now, not after their timeout (up to half an hour).
    // Embedded PGlite is one process holding the data directory's lock: every attempt still
    // active when it starts belonged to a process that is gone. On PostgreSQL other instances
    // may be running theirs; only attempts whose heartbeat stopped are orphans, checked as the
    // heartbeats go.
    await this.failOrphans(this.database.driver === 'pglite' ? null : this.staleSeconds);
    if (this.database.driver === 'pg') {
      this.reaper = setInterval(
        () => void this.failOrphans(this.staleSeconds).catch((error) => this.onError(error)),
        (this.staleSeconds * 1000) / 2,
      );
      this.reaper.unref();
    }
    for (const definition of this.definitions.values()) {
      await worker.work(
        definition.name,
        { pollingIntervalSeconds, batchSize: 1, includeMetadata: true },
        async ([job]) => {
          if (!job) return;
          const done = this.run(definition, job);
          this.running.add(done);
          try {
            await done;
          } finally {
            this.running.delete(done);
          }
        },
      );
    }
  }

  /** Stops the workers, letting running handlers finish for up to `timeoutMs`; idempotent. */
  async stop(timeoutMs = 10_000): Promise<void> {
    this.isStopping = true;
    if (this.reaper) clearInterval(this.reaper);
    this.reaper = null;
    const worker = this.worker;
    this.worker = null;
    await worker?.stop({ graceful: true, timeout: timeoutMs, close: false });
    // pg-boss stops waiting at its timeout, and marks a finished job complete without awaiting the
    // query (manager.js onFetch): a handler that outlives the timeout would complete on a pool the
    // app has already ended, an unhandled rejection. Wait for the handlers (as long again at most),
    // then one turn of the event loop so their completion queries are sent before the pool closes.
    if (this.running.size > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...this.running]),
        new Promise((resolve) => {
          timer = setTimeout(resolve, timeoutMs);
        }),
      ]);
      clearTimeout(timer);
    }
    await new Promise((resolve) => setImmediate(resolve));
  }

  /** Enqueues a job now, outside any transaction. Answers its id. */
  async send<P extends z.ZodType>(job: JobDefinition<P> | string, payload: z.input<P>): Promise<string> {
    return this.insert(job, payload, null);
  }

  /**
   * Enqueues a job in the caller's transaction (the transactional outbox): the job row commits or
   * rolls back with the caller's rows, so a job never runs for a change that did not happen, and
   * never is lost for one that did. Delivery is at least once. Answers the job's id.
   *
   * ```ts
   * await db.transaction(async (tx) => {
   *   await tx.update(orders).set({ status: 'approved' }).where(eq(orders.id, id));
   *   await jobs.sendInTransaction(tx, notifyBidders, { orderId: id });
   * });
   * ```
   */
  async sendInTransaction<P extends z.ZodType>(
    tx: Db,
    job: JobDefinition<P> | string,
    payload: z.input<P>,
  ): Promise<string> {
    return this.insert(job, payload, tx);
  }

  /** Puts a failed job back in the queue with one more attempt. Answers whether it was failed. */
  async retry(name: string, id: string): Promise<boolean> {
    const result = (await this.requireClient().retry(name, id)) as unknown as { affected: number };
    return result.affected > 0;
  }

  /** Cancels a job that has not finished; a running handler is not interrupted, its result is dropped. */
  async cancel(name: string, id: string): Promise<boolean> {
    const result = (await this.requireClient().cancel(name, id)) as unknown as { affected: number };
    return result.affected > 0;
  }

  private async insert(job: JobDefinition | string, payload: unknown, tx: Db | null): Promise<string> {
    const definition = this.definitions.get(typeof job === 'string' ? job : job.name);
    if (!definition) throw new Error(`job ${typeof job === 'string' ? job : job.name} is not defined`);
    const data = definition.payload.parse(payload) as object;
    const client = this.requireClient();
    const id = await client.send(definition.name, data, tx ? { db: executorOn(tx) } : {});
    // pg-boss answers null when the queue is missing (the insert joins pgboss.queue).
    if (!id) throw new Error(`job ${definition.name} was not enqueued`);
    return id;
  }

  private get staleSeconds(): number {
    return this.options.staleSeconds ?? DEFAULT_STALE_SECONDS;
  }

  /**
   * Fails the active attempts that lost their instance into their next attempt (pg-boss's retry,
   * with the type's delay; past the retry limit the job fails). `staleSeconds` null: every active
   * attempt (no other process can be running one); else those whose heartbeat, or start when none
   * came yet, is older than that. Answers how many. A handler that is alive after all (its
   * heartbeat held up longer than `staleSeconds`) keeps running, but its result is dropped: pg-boss
   * completes only active jobs, and handlers are idempotent.
   */
  async failOrphans(staleSeconds: number | null): Promise<number> {
    const client = this.requireClient();
    const stale =
      staleSeconds === null
        ? sql`true`
        : sql`greatest(r.heartbeat_at, j.started_on) < now() - make_interval(secs => ${staleSeconds})`;
    const found = (await this.database.db.execute(
      sql`select j.id, j.name from pgboss.job j left join job_reports r on r.job_id = j.id
          where j.state = 'active' and ${stale}`,
    )) as unknown as { rows: { id: string; name: string }[] };
    for (const job of found.rows) {
      this.log.warn({ job: job.name, jobId: job.id }, 'job attempt lost its instance; running it again');
      await client.fail(job.name, job.id, { message: ORPHANED_JOB_MESSAGE });
      await this.report(job.name, job.id, { error: ORPHANED_JOB_MESSAGE });
    }
    return found.rows.length;
  }

  private requireClient(): PgBoss {
    if (!this.client) throw new Error('the job system is not installed: buildApp installs it');
    return this.client;
  }

  /** One attempt: our own timeout (aborting the handler), progress, and the error kept. */
  private async run(definition: JobDefinition, job: PgBoss.JobWithMetadata<unknown>): Promise<void> {
    const timeoutSeconds = definition.timeoutSeconds ?? DEFAULTS.timeoutSeconds;
    const controller = new AbortController();
    const timeout = new JobTimeoutError(timeoutSeconds);
    const timer = setTimeout(() => controller.abort(timeout), timeoutSeconds * 1000);
    // While the handler runs, this instance says it is alive (see failOrphans). A beat that fails
    // (the database away for a moment) is only late; on PGlite beats wait behind a transaction.
    const beat = () => this.beat(definition.name, job.id).catch(() => {});
    await beat();
    const heartbeat = setInterval(beat, (this.staleSeconds * 1000) / 4);
    const context: JobContext = {
      jobId: job.id,
      attempt: job.retryCount + 1,
      signal: controller.signal,
      reportProgress: (percent, note) => this.report(definition.name, job.id, { percent, note }),
    };
    try {
      const payload = definition.payload.parse(job.data);
      const aborted = new Promise<never>((_, reject) => {
        controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
      });
      // Background work: on the embedded database its statements give way to requests' queries.
      await Promise.race([runInBackground(() => definition.handle(payload, context)), aborted]);
      await this.report(definition.name, job.id, { percent: 100 });
    } catch (error) {
      this.log.warn(
        { err: error, job: definition.name, jobId: job.id, attempt: context.attempt },
        'job attempt failed',
      );
      await this.report(definition.name, job.id, { error: messageOf(error) }).catch(() => {});
      throw error;
    } finally {
      clearTimeout(timer);
      clearInterval(heartbeat);
    }
  }

  private async beat(name: string, jobId: string): Promise<void> {
    await this.database.db
      .insert(jobReports)
      .values({ jobId, name, heartbeatAt: sql`now()` })
      .onConflictDoUpdate({ target: jobReports.jobId, set: { heartbeatAt: sql`now()` } });
  }

  private async report(
    name: string,
    jobId: string,
    update: { percent?: number; note?: string; error?: string },
  ): Promise<void> {
    const progress =
      update.percent === undefined ? undefined : Math.max(0, Math.min(100, Math.round(update.percent)));
    const set = {
      ...(progress === undefined ? {} : { progress }),
      ...(update.note === undefined ? {} : { progressNote: update.note }),
      ...(update.error === undefined ? {} : { lastError: update.error, lastErrorAt: sql`now()` }),
      updatedAt: sql`now()`,
    };
    await this.database.db
      .insert(jobReports)
      .values({ jobId, name, ...set })
      .onConflictDoUpdate({ target: jobReports.jobId, set });
  }

  private onError(error: unknown) {
    // Workers still polling while the database closes (shutdown) report errors nobody can act on.
    if (this.isStopping) return;
    this.log.error({ err: error }, 'job system error');
  }
}

/** A cron expression for "every N minutes", as the interval settings (e.g. UPLOAD_CLEANUP_MINUTES) say it. */
export function everyMinutesCron(minutes: number): string {
  const whole = Math.max(1, Math.round(minutes));
  if (whole < 60) return `*/${whole} * * * *`;
  const hours = Math.round(whole / 60);
  if (hours < 24) return `0 */${hours} * * *`;
  return '0 0 * * *';
}
