import {
  AchievementEnvelopeSchema,
  AttachBidDocumentBodySchema,
  BidDocumentEnvelopeSchema,
  BidDocumentListEnvelopeSchema,
  BidDocumentParamsSchema,
  BidRequirementsEnvelopeSchema,
  BidResultBodySchema,
  DirectoriesEnvelopeSchema,
  EmptyEnvelopeSchema,
  envelopeOf,
  PublicityActionBodySchema,
  PublicityEnvelopeSchema,
  SaveBidRequirementsBodySchema,
  SavedBidRequirementsEnvelopeSchema,
  ScoreEnvelopeSchema,
  XmIdBodySchema,
} from '@ks/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import { CENTRE_AND_ENTERPRISES, CENTRE_ROLES } from '../file-analysis/public.ts';
import type { BidDetectionService } from './service.ts';

const tags = ['bid-detection'];
/** Administrators own projects (decision 0043): requirements, re-detection, publicity. */
const administrators = { access: { roles: CENTRE_ROLES } };
/** An enterprise reaches only its own document (the service decides); P and D get 403. */
const readers = { access: { roles: CENTRE_AND_ENTERPRISES } };

/**
 * Bid documents and their detection (decision 0052): the documents under /ks/analyse/bid-documents
 * beside the cost files, the requirements, results and publicity under /ks/file/detection/. The per-document states are also in `/ks/file/detection/status` (the cost check's routes.ts).
 */
export const bidDetectionRoutes: FastifyPluginAsyncZod<{ bids: BidDetectionService }> = async (
  app,
  { bids },
) => {
  app.post(
    '/ks/analyse/bid-documents',
    {
      config: readers,
      schema: {
        tags,
        summary: 'Attach an uploaded PDF as a bidder’s bid document; its detection job is enqueued',
        body: AttachBidDocumentBodySchema,
        response: { 200: BidDocumentEnvelopeSchema },
      },
    },
    async (request) => ok(await bids.attach(currentUser(request), request.body, request.ip), '上传成功'),
  );

  app.post(
    '/ks/analyse/bid-documents/list',
    {
      config: readers,
      schema: {
        tags,
        summary: 'The bid documents of a project the caller may see (an enterprise: its own)',
        body: XmIdBodySchema,
        response: { 200: BidDocumentListEnvelopeSchema },
      },
    },
    async (request) => ok(await bids.list(currentUser(request), request.body.xmId)),
  );

  app.delete(
    '/ks/analyse/bid-documents/:id',
    {
      config: readers,
      schema: {
        tags,
        summary: 'Delete a bid document (soft): administrators any, an enterprise its own',
        params: BidDocumentParamsSchema,
        response: { 200: EmptyEnvelopeSchema },
      },
    },
    async (request) => {
      await bids.remove(currentUser(request), request.params.id, request.ip);
      return ok(null, '删除成功');
    },
  );

  app.post(
    '/ks/file/detection/bid-detect',
    {
      config: administrators,
      schema: {
        tags,
        summary: 'Detect every bid document of a project again (enqueues one job each)',
        body: XmIdBodySchema,
        response: { 200: envelopeOf(z.object({ count: z.number().int() })) },
      },
    },
    async (request) =>
      ok(
        { count: await bids.redetect(currentUser(request), request.body.xmId, request.ip) },
        '已开始重新检测',
      ),
  );

  app.post(
    '/ks/file/detection/requirements',
    {
      config: administrators,
      schema: {
        tags,
        summary: 'The tender requirements of a project: required chapters, score items, publicity days',
        body: XmIdBodySchema,
        response: { 200: BidRequirementsEnvelopeSchema },
      },
    },
    async (request) => ok(await bids.requirements(request.body.xmId)),
  );

  app.post(
    '/ks/file/detection/requirements/save',
    {
      config: administrators,
      schema: {
        tags,
        summary:
          'Save the tender requirements (optimistic locking by version); every document is detected again',
        body: SaveBidRequirementsBodySchema,
        response: { 200: SavedBidRequirementsEnvelopeSchema },
      },
    },
    async (request) =>
      ok(await bids.saveRequirements(currentUser(request), request.body, request.ip), '保存成功'),
  );

  app.post(
    '/ks/file/detection/directories',
    {
      config: readers,
      schema: {
        tags,
        summary: 'Required chapters of a bid document: found in order, missing or out of order, with pages',
        body: BidResultBodySchema,
        response: { 200: DirectoriesEnvelopeSchema },
      },
    },
    async (request) => ok(await bids.directories(currentUser(request), request.body)),
  );

  app.post(
    '/ks/file/detection/achievement',
    {
      config: readers,
      schema: {
        tags,
        summary: 'Claimed 业绩 of a bid document matched against the enterprise’s approved records',
        body: BidResultBodySchema,
        response: { 200: AchievementEnvelopeSchema },
      },
    },
    async (request) => ok(await bids.achievement(currentUser(request), request.body)),
  );

  app.post(
    '/ks/file/detection/score',
    {
      config: readers,
      schema: {
        tags,
        summary: 'The computed score items of a bid document with their points and evidence',
        body: BidResultBodySchema,
        response: { 200: ScoreEnvelopeSchema },
      },
    },
    async (request) => ok(await bids.score(currentUser(request), request.body)),
  );

  app.post(
    '/ks/file/detection/publicity',
    {
      config: readers,
      schema: {
        tags,
        summary: 'The publicity of the results (no action), or publish / close it (administrators)',
        body: PublicityActionBodySchema,
        response: { 200: PublicityEnvelopeSchema },
      },
    },
    async (request) => {
      const publicity = await bids.publicity(currentUser(request), request.body, request.ip);
      const { action } = request.body;
      return ok(publicity, action === 'publish' ? '已公示' : action === 'close' ? '已结束公示' : '成功');
    },
  );
};
