import { DEFAULT_TIMELINE_LIMITS, type TimelineLimits } from '@ks/contract';
import { timelineLimitsOf } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { BusinessModule, Enqueue } from '../../engine/modules.ts';
import type { UserNotices } from '../../engine/user-notices.ts';
import { seedDemoClarifications } from './demo.ts';
import { defineDeliverJob } from './job.ts';
import { clarificationRoutes } from './routes.ts';
import { ClarificationService, DELIVER_JOB, type DownloadersOf } from './service.ts';

export type { DownloadersOf } from './service.ts';

/** The service is stateless over the database: the job and the routes each build their own. */
const service = (
  db: Db,
  enqueue: Enqueue,
  downloadersOf: DownloadersOf,
  limits: TimelineLimits,
  notices: UserNotices,
) =>
  new ClarificationService(
    db,
    downloadersOf,
    async (tx, clarificationId) => {
      await enqueue(tx, DELIVER_JOB, { clarificationId });
    },
    limits,
    notices,
  );

/**
 * 澄清与异议 (decision 0078): clarifications of a section's tender documents, audited by the centre
 * and delivered to every bidder who downloaded them (`downloadersOf`, the tender-files module's
 * port), and objections that pause the section until answered.
 */
export function clarificationsModule(downloadersOf: DownloadersOf): BusinessModule {
  return {
    name: 'clarifications',
    register({ defineJob, db, enqueue, userNotices }) {
      // The delivery checks no rule of time: the default limits serve it.
      defineJob(defineDeliverJob(service(db, enqueue, downloadersOf, DEFAULT_TIMELINE_LIMITS, userNotices)));
    },
    async routes(app, { db, config, enqueue, files, userNotices }) {
      await app.register(clarificationRoutes, {
        clarify: service(db, enqueue, downloadersOf, timelineLimitsOf(config), userNotices),
        files,
      });
    },
    // After the trading demo: its approved section and its tenderee account. The delivery tells
    // nobody (no notices): the demo enterprise has already confirmed receipt, and a banner of demo
    // history would cover its first login.
    async demo(seed) {
      await seedDemoClarifications(seed, new ClarificationService(seed.db, downloadersOf, async () => {}));
    },
  };
}
