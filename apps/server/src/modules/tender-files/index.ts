import type { BusinessModule } from '../../engine/modules.ts';
import { seedDemoTenderFiles } from './demo.ts';
import type { AfterBidderDownload } from './public.ts';
import { tenderFileRoutes } from './routes.ts';
import { TenderFilesService } from './service.ts';

/**
 * 招标文件、报名与下载 (decision 0077): documents per section, sign-ups, recorded downloads.
 * `afterBidderDownload` runs in a bidder's download transaction (the clarifications already sent
 * reach a bidder who downloads late; modules/index.ts wires it).
 */
export function tenderFilesModule(afterBidderDownload: AfterBidderDownload): BusinessModule {
  return {
    name: 'tender-files',
    async routes(app, { db, files }) {
      await app.register(tenderFileRoutes, {
        tenderFiles: new TenderFilesService(db, files, afterBidderDownload),
      });
    },
    async demo(seed) {
      await seedDemoTenderFiles(seed);
    },
  };
}
