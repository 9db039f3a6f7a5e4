import { z } from 'zod';
import { defineJob, everyMinutesCron } from '../../platform/jobs.ts';
import type { UploadService } from './upload-service.ts';

/**
 * The abandoned-upload sweep (decision 0018, replacing 0007's interval): a scheduled job, so it runs
 * once per tick across all instances, retries when the storage fails, and shows on 后台任务.
 * Idempotent by `cleanupAbandoned`'s `cleaning` state.
 */
export function defineUploadSweepJob(
  uploads: UploadService,
  settings: { everyMinutes: number; abandonAfterHours: number },
) {
  return defineJob({
    name: 'files.sweep-abandoned-uploads',
    title: '清理中断的分片上传',
    payload: z.object({
      /** Uploads untouched this long are abandoned (UPLOAD_ABANDON_HOURS when scheduled). */
      abandonAfterHours: z.number().positive(),
    }),
    schedule: {
      cron: everyMinutesCron(settings.everyMinutes),
      payload: { abandonAfterHours: settings.abandonAfterHours },
    },
    timeoutSeconds: 1800,
    async handle({ abandonAfterHours }, context) {
      const before = new Date(Date.now() - abandonAfterHours * 3_600_000);
      const cleaned = await uploads.cleanupAbandoned(before, (done, total) =>
        context.reportProgress((done / total) * 100, `已清理 ${done}/${total} 个上传`),
      );
      if (cleaned === 0) await context.reportProgress(100, '没有中断的上传');
    },
  });
}
