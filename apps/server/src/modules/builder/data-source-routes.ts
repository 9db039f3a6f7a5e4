import {
  DATA_SOURCE_SAVED_MESSAGE,
  DataSourceResultEnvelopeSchema,
  DataTableListEnvelopeSchema,
  NodeIdQuerySchema,
  NodeMigrationListEnvelopeSchema,
  NodeVersionListEnvelopeSchema,
  UpdateDataSourceBodySchema,
} from '@ks/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import type { DataSourceService } from './data-source-service.ts';

/** A node's data source, its DDL history and its published versions (db-list, update-data-source). */
export const dataSourceRoutes: FastifyPluginAsyncZod<{ dataSources: DataSourceService }> = async (
  app,
  { dataSources },
) => {
  const tags = ['builder'];
  const config = { access: { roles: ['D' as const] } };

  app.get(
    '/ks/config/new/node/db-list',
    {
      config,
      schema: {
        tags,
        summary: 'Tables of the business-data schema no live node uses, with columns and row estimates',
        response: { 200: DataTableListEnvelopeSchema },
      },
    },
    async () => ok(await dataSources.listFreeTables()),
  );

  app.post(
    '/ks/config/new/node/update-data-source',
    {
      config,
      schema: {
        tags,
        summary: "Create the node's table from its draft now, or bind a free table of the data schema",
        body: UpdateDataSourceBodySchema,
        response: { 200: DataSourceResultEnvelopeSchema },
      },
    },
    async (request) =>
      ok(
        await dataSources.updateDataSource(currentUser(request), request.body, request.ip),
        DATA_SOURCE_SAVED_MESSAGE,
      ),
  );

  app.get(
    '/ks/config/new/node/migrations',
    {
      config,
      schema: {
        tags,
        summary: "The DDL applied to a node's tables, oldest first",
        querystring: NodeIdQuerySchema,
        response: { 200: NodeMigrationListEnvelopeSchema },
      },
    },
    async (request) => ok(await dataSources.listMigrations(request.query.nodeId)),
  );

  app.get(
    '/ks/config/new/node/versions',
    {
      config,
      schema: {
        tags,
        summary: "A node's published schema versions, newest first",
        querystring: NodeIdQuerySchema,
        response: { 200: NodeVersionListEnvelopeSchema },
      },
    },
    async (request) => ok(await dataSources.listVersions(request.query.nodeId)),
  );
};
