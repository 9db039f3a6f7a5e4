import type { BusinessModule } from '../../engine/modules.ts';
import { oplogRoutes } from './routes.ts';
import { OperationLogService } from './service.ts';

/** The operation-log drawer: who did what to a record, and when. */
export const OPLOG_MODULE: BusinessModule = {
  name: 'oplog',
  async routes(app, { db }) {
    await app.register(oplogRoutes, { oplog: new OperationLogService(db) });
  },
};
