import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * What a job reports beside pg-boss's own row (pgboss.job): the progress its handler reports while
 * it runs, and the last error of any attempt, kept after a later attempt succeeds (pg-boss keeps
 * only the latest output). One row per job id; rows outlive pg-boss's archive and are pruned with it.
 */
export const jobReports = pgTable('job_reports', {
  jobId: uuid('job_id').primaryKey(),
  /** The job type (pg-boss queue name). */
  name: text('name').notNull(),
  /** 0–100. */
  progress: integer('progress').notNull().default(0),
  /** What the handler is doing, in the words it reports (Chinese for the administrator's page). */
  progressNote: text('progress_note'),
  lastError: text('last_error'),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * Refreshed by the instance running the job while its handler runs: an active job whose
   * heartbeat stopped lost its instance (kill -9, power cut) and is failed into its next attempt.
   */
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
});
