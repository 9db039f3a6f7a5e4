import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { dataSourceRoutes } from './data-source-routes.ts';
import { DataSourceService } from './data-source-service.ts';
import type { DefinitionService } from './definition-service.ts';
import { exportImportRoutes } from './export-import-routes.ts';
import { ExportImportService } from './export-import-service.ts';
import { nodeOptionsRoutes } from './node-options-routes.ts';
import { NodeOptionsService } from './node-options-service.ts';

/** The builder's data sources, export/import, node options, submenus and the cache refresh. */
export async function registerBuilderExtras(
  app: FastifyInstance,
  { db, definitions }: { db: Db; definitions: DefinitionService },
) {
  await app.register(dataSourceRoutes, { dataSources: new DataSourceService(db, definitions) });
  await app.register(exportImportRoutes, { exportImport: new ExportImportService(db, definitions) });
  await app.register(nodeOptionsRoutes, { nodeOptions: new NodeOptionsService(db) });
}
