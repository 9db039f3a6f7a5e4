import type { BusinessModule } from '../../engine/modules.ts';
import { helpRoutes } from './routes.ts';
import { HelpService } from './service.ts';

/** The help panel (帮助中心): groups, files and templates an administrator keeps. */
export const HELP_MODULE: BusinessModule = {
  name: 'help',
  async routes(app, { db, files, config }) {
    const maxFileBytes = config.HELP_FILE_MAX_MB * 1024 * 1024;
    await app.register(helpRoutes, { help: new HelpService(db, files, maxFileBytes), maxFileBytes });
  },
};
