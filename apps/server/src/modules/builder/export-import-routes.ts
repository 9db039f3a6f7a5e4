import {
  ExportSystemQuerySchema,
  ImportSystemBodySchema,
  ImportSystemResultEnvelopeSchema,
  SYSTEM_IMPORTED_MESSAGE,
  SystemDocumentSchema,
  systemDocumentFileName,
} from '@ks/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import type { ExportImportService } from './export-import-service.ts';

/** A system's definition as one JSON document: download it, or recreate a system from one. */
export const exportImportRoutes: FastifyPluginAsyncZod<{ exportImport: ExportImportService }> = async (
  app,
  { exportImport },
) => {
  const tags = ['builder'];
  const config = { access: { roles: ['D' as const] } };

  app.get(
    '/ks/config/new/structure/export',
    {
      config,
      schema: {
        tags,
        summary: 'Download a system definition as one JSON document (<gnCoding>.ks-system.json)',
        querystring: ExportSystemQuerySchema,
        response: { 200: SystemDocumentSchema },
      },
    },
    async (request, reply) => {
      const document = await exportImport.exportSystem(request.query.systemCoding);
      reply.header(
        'content-disposition',
        `attachment; filename="${systemDocumentFileName(document.system.gnCoding)}"`,
      );
      return document;
    },
  );

  app.post(
    '/ks/config/new/structure/import',
    {
      config,
      // A large system's document (hundreds of nodes with their forms) goes past the 1 MiB default.
      bodyLimit: 20 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Recreate a system from an exported document, under its own or a new system code',
        body: ImportSystemBodySchema,
        response: { 200: ImportSystemResultEnvelopeSchema },
      },
    },
    async (request) =>
      ok(
        await exportImport.importSystem(currentUser(request), request.body, request.ip),
        SYSTEM_IMPORTED_MESSAGE,
      ),
  );
};
