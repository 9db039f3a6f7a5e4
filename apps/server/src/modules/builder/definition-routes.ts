import {
  DRAFT_SAVED_MESSAGE,
  DraftStateEnvelopeSchema,
  NodeIdQuerySchema,
  PUBLISHED_MESSAGE,
  PublishBodySchema,
  PublishedNodeEnvelopeSchema,
  PublishedQuerySchema,
  PublishResultEnvelopeSchema,
  UpdatePreviewBodySchema,
} from '@ks/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import type { DefinitionService } from './definition-service.ts';

/** A node's draft definition, its preview and publishing (previews, update-preview). */
export const definitionRoutes: FastifyPluginAsyncZod<{ definitions: DefinitionService }> = async (
  app,
  { definitions },
) => {
  const tags = ['builder'];
  const config = { access: { roles: ['D' as const] } };

  app.get(
    '/ks/config/new/node/previews',
    {
      config,
      schema: {
        tags,
        summary: "A node's draft definition, its version, published version and data source",
        querystring: NodeIdQuerySchema,
        response: { 200: DraftStateEnvelopeSchema },
      },
    },
    async (request) => ok(await definitions.draft(request.query.nodeId)),
  );

  app.post(
    '/ks/config/new/node/update-preview',
    {
      config,
      schema: {
        tags,
        summary: "Save a node's draft definition over the version the page loaded",
        body: UpdatePreviewBodySchema,
        response: { 200: DraftStateEnvelopeSchema },
      },
    },
    async (request) =>
      ok(
        await definitions.saveDraft(
          currentUser(request),
          request.body.nodeId,
          request.body.definition,
          request.body.version,
          request.ip,
        ),
        DRAFT_SAVED_MESSAGE,
      ),
  );

  app.post(
    '/ks/config/new/node/publish',
    {
      config,
      schema: {
        tags,
        summary: 'Publish the draft as the next schema version, applying its DDL',
        body: PublishBodySchema,
        response: { 200: PublishResultEnvelopeSchema },
      },
    },
    async (request) =>
      ok(await definitions.publish(currentUser(request), request.body.nodeId, request.ip), PUBLISHED_MESSAGE),
  );

  app.get(
    '/ks/config/node/published',
    {
      config: { access: 'session' as const },
      schema: {
        tags,
        summary:
          'The published definition of a node (latest, or a given version), as the runtime pages render it',
        querystring: PublishedQuerySchema,
        response: { 200: PublishedNodeEnvelopeSchema },
      },
    },
    async (request) =>
      ok(
        await definitions.published(
          currentUser(request),
          request.query.systemCoding,
          request.query.gnCoding,
          request.query.version,
        ),
      ),
  );
};
