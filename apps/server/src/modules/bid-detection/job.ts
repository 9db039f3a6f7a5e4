import { z } from 'zod';
import { defineJob } from '../../platform/jobs.ts';
import { BID_DETECT_JOB, type BidDetectionService } from './service.ts';

/** Retries of a detection that failed for a reason other than the file. */
export const DETECT_RETRIES = 2;

/**
 * A bid document's detection as a durable job (decision 0052): the payload is the document id, so
 * a retry or a redelivery reads the current file and requirements and replaces the result whole.
 */
export function defineBidDetectJob(service: BidDetectionService) {
  return defineJob({
    name: BID_DETECT_JOB,
    title: '投标文件检测',
    payload: z.object({ documentId: z.uuid() }),
    retryLimit: DETECT_RETRIES,
    retryDelaySeconds: 10,
    timeoutSeconds: 1800,
    async handle({ documentId }, { signal, reportProgress, attempt }) {
      await reportProgress(0, '检测中');
      try {
        await service.detect(documentId, signal);
      } catch (error) {
        if (attempt > DETECT_RETRIES) await service.markFailed(documentId);
        throw error;
      }
      await reportProgress(100, '检测完成');
    },
  });
}
