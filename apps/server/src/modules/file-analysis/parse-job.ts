import { z } from 'zod';
import type { EngineModule } from '../../engine/modules.ts';
import { defineJob } from '../../platform/jobs.ts';
import { CostFileService, PARSE_JOB } from './service.ts';

/**
 * The cost-file module on the engine's seams: the parse job (decision 0043). Attaching a file
 * enqueues it in the attach transaction; the handler re-reads the row, so a redelivery or a re-run
 * parses the current file again and replaces the previous result atomically.
 */
export const fileAnalysisModule: EngineModule = {
  name: 'file-analysis',
  register({ defineJob: define, db, files }) {
    const service = new CostFileService(db, files, async () => {
      throw new Error('the parse job does not enqueue parses');
    });
    define(defineJob({
      name: PARSE_JOB,
      title: '解析造价文件',
      payload: z.object({ costFileId: z.string().uuid() }),
      retryLimit: 3,
      retryDelaySeconds: 10,
      timeoutSeconds: 1800,
      async handle({ costFileId }, { signal, reportProgress }) {
        await reportProgress(0, '解析中');
        await service.parse(costFileId, signal);
        await reportProgress(100, '解析完成');
      },
    }));
  },
};
