import { z } from 'zod';
import { defineJob } from '../../platform/jobs.ts';
import { type ClarificationService, DELIVER_JOB } from './service.ts';

/**
 * A sent clarification's delivery as a durable job (decision 0078), enqueued in the sending
 * transaction. The payload is the clarification's id: a retry, or a run again after the instance
 * died, reads the downloaders afresh and adds only the deliveries missing (one row per bidder).
 */
export function defineDeliverJob(service: ClarificationService) {
  return defineJob({
    name: DELIVER_JOB,
    title: '澄清文件送达',
    payload: z.object({ clarificationId: z.uuid() }),
    retryLimit: 5,
    retryDelaySeconds: 10,
    timeoutSeconds: 300,
    async handle({ clarificationId }, { reportProgress }) {
      const added = await service.deliver(clarificationId);
      await reportProgress(100, `送达${added}家投标人`);
    },
  });
}
