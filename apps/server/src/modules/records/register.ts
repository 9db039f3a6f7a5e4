import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { EngineRegistry } from '../../engine/modules.ts';
import { clearNodeSchemas } from '../../engine/record-store.ts';
import { zipLimitsOf } from '../../platform/zip-limits.ts';
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
    engine,
  }: {
    database: Database;
    config: Config;
    engine: Pick<EngineRegistry, 'events' | 'actions' | 'options' | 'onBehalf'>;
  },
) {
  const { db } = database;
  app.caches.register('node-schemas', clearNodeSchemas);
  const records = new RecordService(db, engine, new ListEstimates(config.LIST_ESTIMATE_SECONDS * 1000));
  app.caches.register('list-estimates', () => records.lists.estimates.clear());
  const sheets = new RecordSheets(db, database.reserve, records, zipLimitsOf(config));
  app.addHook('onClose', () => sheets.close());
  await app.register(recordRoutes, { records, sheets });
}
