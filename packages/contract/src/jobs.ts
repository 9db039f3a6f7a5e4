import { z } from 'zod';
import { envelopeOf, pageOf } from './envelope.ts';

/** Background jobs (decision 0018): the administrators' page 后台任务. States are pg-boss's. */
export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export const JobStateSchema = z.enum(JOB_STATES, { message: '任务状态无效' });
export type JobState = z.infer<typeof JobStateSchema>;
export const JOB_STATE_LABELS: Record<JobState, string> = {
  created: '等待执行',
  retry: '等待重试',
  active: '执行中',
  completed: '已完成',
  cancelled: '已取消',
  failed: '已失败',
};
/** States a job can still be cancelled in. */
export const CANCELLABLE_JOB_STATES: readonly JobState[] = ['created', 'retry', 'active'];

export const JobSummarySchema = z.object({
  id: z.string(),
  /** The job type (`area.verb-thing`). */
  name: z.string(),
  /** The type's Chinese name ('' for a type this server no longer defines). */
  title: z.string(),
  state: JobStateSchema,
  /** Attempts started so far, and the most it may get. */
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  /** 0–100, as the handler reported it. */
  progress: z.number().int(),
  progressNote: z.string(),
  /** The last attempt's error, kept after a later attempt succeeds ('' when none failed). */
  lastError: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type JobSummary = z.infer<typeof JobSummarySchema>;

export const FindJobsQuerySchema = z.object({
  curPage: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  state: JobStateSchema.optional(),
  name: z.string().max(100).optional(),
});
export type FindJobsQuery = z.infer<typeof FindJobsQuerySchema>;
export const JobPageEnvelopeSchema = envelopeOf(pageOf(JobSummarySchema));

export const JobTypeSchema = z.object({
  name: z.string(),
  title: z.string(),
  /** The cron schedule (UTC) of a scheduled type, else null; only scheduled types can be run now. */
  cron: z.string().nullable(),
});
export type JobType = z.infer<typeof JobTypeSchema>;
export const JobTypesEnvelopeSchema = envelopeOf(z.array(JobTypeSchema));

export const JobIdBodySchema = z.object({ id: z.uuid({ message: '任务编号无效' }) });
export type JobIdBody = z.infer<typeof JobIdBodySchema>;
export const RunJobBodySchema = z.object({
  name: z.string({ message: '请选择任务类型' }).min(1, '请选择任务类型'),
});
export type RunJobBody = z.infer<typeof RunJobBodySchema>;
export const RunJobEnvelopeSchema = envelopeOf(z.object({ id: z.string() }));

export const JOB_MESSAGES = {
  notFound: '任务不存在',
  typeNotFound: '任务类型不存在',
  notScheduled: '该任务类型不能手动执行',
  retryOnlyFailed: '只有已失败的任务可以重试',
  cancelOnlyUnfinished: '任务已结束，不能取消',
} as const;
