import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { LifecycleEvents } from '../../engine/lifecycle.ts';
import type { ModuleActions } from '../../engine/module-actions.ts';
import { clearNodeSchemas } from '../../engine/record-store.ts';
import { ListEstimates } from './list-estimates.ts';
import { recordRoutes } from './routes.ts';
import { RecordService } from './service.ts';
import { RecordSheets } from './xlsx.ts';

/** The records runtime: its routes, its cache of compiled node schemas and its list estimates. */
export async function registerRecords(
  app: FastifyInstance,
  {
    database,
    config,
    events,
    actions,
  }: { database: Database; config: Config; events: LifecycleEvents; actions: ModuleActions },
) {
  const { db } = database;
  app.caches.register('node-schemas', clearNodeSchemas);
  const records = new RecordService(
    db,
    { events, actions },
    new ListEstimates(config.LIST_ESTIMATE_SECONDS * 1000),
  );
  app.caches.register('list-estimates', () => records.lists.estimates.clear());
  await app.register(recordRoutes, { records, sheets: new RecordSheets(db, database.reserve, records) });
}
