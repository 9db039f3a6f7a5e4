import type { BusinessModule } from '../../engine/modules.ts';
import { seedDemoTenderFiles } from './demo.ts';
import { tenderFileRoutes } from './routes.ts';
import { TenderFilesService } from './service.ts';

/** 招标文件、报名与下载 (decision 0077): documents per section, sign-ups, recorded downloads. */
export const TENDER_FILES_MODULE: BusinessModule = {
  name: 'tender-files',
  async routes(app, { db, files }) {
    await app.register(tenderFileRoutes, { tenderFiles: new TenderFilesService(db, files) });
  },
  async demo(seed) {
    await seedDemoTenderFiles(seed);
  },
};
