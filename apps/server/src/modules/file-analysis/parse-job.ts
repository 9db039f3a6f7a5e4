import { z } from 'zod';
import { defineJob } from '../../platform/jobs.ts';
import { COST_MESSAGES, type CostFileService, PARSE_JOB } from './service.ts';

/** Retries of a parse that failed for a reason other than the file. */
export const PARSE_RETRIES = 3;

/**
 * The cost-file module on the engine's seams: the parse job (decision 0043). Attaching a file
 * enqueues it in the attach transaction; the handler re-reads the row, so a redelivery or a re-run
 * parses the current file again and replaces the previous result atomically.
 */
export function defineParseJob(service: CostFileService) {
  return defineJob({
    name: PARSE_JOB,
    title: '解析造价文件',
    payload: z.object({ costFileId: z.string().uuid() }),
    retryLimit: PARSE_RETRIES,
    retryDelaySeconds: 10,
    timeoutSeconds: 1800,
    async handle({ costFileId }, { signal, reportProgress, attempt }) {
      await reportProgress(0, '解析中');
      try {
        await service.parse(costFileId, signal);
      } catch (error) {
        // Not the file's fault (database, storage): retried; after the last attempt the file
        // says so instead of staying 解析中 for ever.
        if (attempt > PARSE_RETRIES) await service.markFailed(costFileId, COST_MESSAGES.parseUnavailable);
        throw error;
      }
      await reportProgress(100, '解析完成');
    },
  });
}
