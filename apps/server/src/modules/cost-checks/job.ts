import { z } from 'zod';
import { defineJob } from '../../platform/jobs.ts';
import { COST_CHECK_JOB, type CostCheckService } from './service.ts';

const RETRY_LIMIT = 2;

/**
 * The cost check as a durable job (decision 0018): its payload is the run id only, so a retry
 * reads the current files and starts over; the run's transaction makes a killed attempt leave
 * the previous result in place.
 */
export function defineCostCheckJob(checks: CostCheckService) {
  return defineJob({
    name: COST_CHECK_JOB,
    title: '造价文件检测',
    payload: z.object({ runId: z.uuid() }),
    retryLimit: RETRY_LIMIT,
    retryDelaySeconds: 30,
    // 200,000 items take seconds; the spec's "about five minutes" includes the queue.
    timeoutSeconds: 1800,
    handle: ({ runId }, context) => checks.run(runId, context, RETRY_LIMIT),
  });
}
