import type { BusinessModule } from '../../engine/modules.ts';
import { zipLimitsOf } from '../../platform/zip-limits.ts';
import { seedDemoChangeTemplate } from './demo.ts';
import { recordChangeRoutes } from './routes.ts';
import { RecordChangeService } from './service.ts';
import { ChangeTemplateService } from './template-service.ts';

/** 变更申请: change requests on approved records, reviewed like a submission, and their template. */
export const RECORD_CHANGES_MODULE: BusinessModule = {
  name: 'record-changes',
  async routes(app, { db, config, files, engine, reviewNotices }) {
    await app.register(recordChangeRoutes, {
      changes: new RecordChangeService(db, engine.events, reviewNotices),
      templates: new ChangeTemplateService(db, files, zipLimitsOf(config)),
    });
  },
  demo: ({ db, files, actors, ip }) => seedDemoChangeTemplate(db, files, actors.admin, ip),
};
