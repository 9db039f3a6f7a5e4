import {
  CANCELLABLE_JOB_STATES,
  type FindJobsQuery,
  JOB_MESSAGES,
  type JobSummary,
  type JobType,
} from '@ks/contract';
import type { Db } from '../../db/client.ts';
import type { SessionUser } from '../../platform/access.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { recordOperation } from '../../platform/operation-log.ts';
import * as repo from './repository.ts';

const iso = (value: Date | string) => new Date(value).toISOString();

/** The administrators' view of the job system: list, retry, cancel, run a scheduled type now. */
export class JobAdminService {
  constructor(
    private readonly db: Db,
    private readonly jobs: Jobs,
  ) {}

  async findJobs(query: FindJobsQuery) {
    const { rows, total } = await repo.findJobs(this.db, query);
    const records: JobSummary[] = rows.map((row) => ({
      id: row.id,
      name: row.name,
      title: this.jobs.find(row.name)?.title ?? '',
      state: row.state,
      attempts: Number(row.attempts),
      maxAttempts: Number(row.maxAttempts),
      progress: Number(row.progress),
      progressNote: row.progressNote,
      lastError: row.lastError,
      createdAt: iso(row.createdAt),
      finishedAt: row.finishedAt === null ? null : iso(row.finishedAt),
    }));
    return { records, total, curPage: query.curPage, pageSize: query.pageSize };
  }

  types(): JobType[] {
    return this.jobs.types().map((definition) => ({
      name: definition.name,
      title: definition.title,
      cron: definition.schedule?.cron ?? null,
    }));
  }

  async retry(admin: SessionUser, id: string, ip: string): Promise<void> {
    const job = await this.getJob(id);
    if (job.state !== 'failed') throw badRequest(JOB_MESSAGES.retryOnlyFailed);
    // A concurrent retry may win between the read and pg-boss's conditional update.
    if (!(await this.jobs.retry(job.name, id))) throw badRequest(JOB_MESSAGES.retryOnlyFailed);
    await this.log(admin, '重试任务', job.name, id, ip);
  }

  async cancel(admin: SessionUser, id: string, ip: string): Promise<void> {
    const job = await this.getJob(id);
    if (!CANCELLABLE_JOB_STATES.includes(job.state)) throw badRequest(JOB_MESSAGES.cancelOnlyUnfinished);
    if (!(await this.jobs.cancel(job.name, id))) throw badRequest(JOB_MESSAGES.cancelOnlyUnfinished);
    await this.log(admin, '取消任务', job.name, id, ip);
  }

  /** Enqueues a scheduled type now, with its scheduled payload (e.g. sweep abandoned uploads now). */
  async runNow(admin: SessionUser, name: string, ip: string): Promise<string> {
    const definition = this.jobs.find(name);
    if (!definition) throw notFound(JOB_MESSAGES.typeNotFound);
    if (!definition.schedule) throw badRequest(JOB_MESSAGES.notScheduled);
    const id = await this.jobs.send(definition, definition.schedule.payload);
    await this.log(admin, '立即执行任务', name, id, ip);
    return id;
  }

  private async getJob(id: string) {
    const job = await repo.findJob(this.db, id);
    if (!job) throw notFound(JOB_MESSAGES.notFound);
    return job;
  }

  private async log(admin: SessionUser, action: string, name: string, id: string, ip: string) {
    await recordOperation(this.db, {
      user: admin,
      action,
      targetType: 'job',
      targetId: id,
      targetName: this.jobs.find(name)?.title || name,
      ip,
    });
  }
}
