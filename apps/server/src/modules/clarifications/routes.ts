import {
  CLARIFY_PATHS,
  ClarificationAuditBodySchema,
  ClarificationEnvelopeSchema,
  ClarificationFileParamsSchema,
  ClarificationFileQuerySchema,
  ClarificationListEnvelopeSchema,
  ClarificationListQuerySchema,
  ClarificationRefSchema,
  ClarificationSaveBodySchema,
  ClarificationVersionBodySchema,
  ClarifySectionListEnvelopeSchema,
  DeliveryRefSchema,
  EmptyEnvelopeSchema,
  ObjectionAnswerBodySchema,
  ObjectionEnvelopeSchema,
  ObjectionListEnvelopeSchema,
  ObjectionRaiseBodySchema,
  ReceivedClarificationEnvelopeSchema,
  ReceivedClarificationListEnvelopeSchema,
} from '@ks/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import type { FileService } from '../../platform/file-store.ts';
import type { ClarificationService } from './service.ts';

/** RFC 6266 / 5987: the original (often Chinese) file name survives the download. */
const attachmentDisposition = (fileName: string) => {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
};

/**
 * The clarification and objection routes (decision 0078). Centre (M) and enterprise (U) accounts
 * may call them; the service decides per project by the caller's side (trading's port) and refuses
 * supervisors every write. Personnel and developer accounts are refused by the access guard.
 */
export const clarificationRoutes: FastifyPluginAsyncZod<{
  clarify: ClarificationService;
  files: FileService;
}> = async (app, { clarify, files }) => {
  const tags = ['clarifications'];
  const config = { access: { roles: ['M', 'U'] as const } };
  /** The centre's queue: administrators (centre and supervisors). */
  const admins = { access: { roles: ['M'] as const } };
  /** Deliveries and receipts are a bidder's: enterprise accounts. */
  const enterprises = { access: { roles: ['U'] as const } };
  const meta = (ip: string) => ({ ip });

  app.post(
    CLARIFY_PATHS.list,
    {
      config,
      schema: {
        tags,
        summary: 'Clarifications the caller may see: its projects’ (parties), every submitted one (centre)',
        body: ClarificationListQuerySchema,
        response: { 200: ClarificationListEnvelopeSchema },
      },
    },
    async (request) => ok(await clarify.list(currentUser(request), request.body)),
  );

  app.post(
    CLARIFY_PATHS.queue,
    {
      config: admins,
      schema: {
        tags,
        summary: 'The centre’s audit queue: every submitted clarification',
        response: { 200: ClarificationListEnvelopeSchema },
      },
    },
    async (request) => ok(await clarify.list(currentUser(request), { state: 'submitted' })),
  );

  app.post(
    CLARIFY_PATHS.detail,
    {
      config,
      schema: {
        tags,
        summary: 'A clarification with its history and receipt table (parties, centre, supervisors)',
        body: ClarificationRefSchema,
        response: { 200: ClarificationEnvelopeSchema },
      },
    },
    async (request) => ok(await clarify.detail(currentUser(request), request.body.id)),
  );

  app.post(
    CLARIFY_PATHS.sections,
    {
      config,
      schema: {
        tags,
        summary: 'The sections the caller may draft a clarification for',
        response: { 200: ClarifySectionListEnvelopeSchema },
      },
    },
    async (request) => ok(await clarify.draftSections(currentUser(request))),
  );

  app.get(
    CLARIFY_PATHS.attachment,
    {
      config,
      schema: {
        tags,
        summary: 'Download an attachment of a clarification (its parties, the centre, its recipients)',
        params: ClarificationFileParamsSchema,
        querystring: ClarificationFileQuerySchema,
      },
    },
    async (request, reply) => {
      await clarify.attachment(currentUser(request), request.query.clarificationId, request.params.fileId);
      const { file, body } = await files.open(request.params.fileId);
      // Always a download (never shown inline in our origin), whatever its type.
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-length', String(file.size))
        .header('content-disposition', attachmentDisposition(file.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );

  app.post(
    CLARIFY_PATHS.save,
    {
      config,
      schema: {
        tags,
        summary: 'Draft a clarification of a section’s documents, or edit a draft (optimistic version)',
        body: ClarificationSaveBodySchema,
        response: { 200: ClarificationEnvelopeSchema },
      },
    },
    async (request) =>
      ok(await clarify.save(currentUser(request), request.body, meta(request.ip)), '保存成功'),
  );

  app.post(
    CLARIFY_PATHS.submit,
    {
      config,
      schema: {
        tags,
        summary: 'Submit a draft to the centre',
        body: ClarificationVersionBodySchema,
        response: { 200: ClarificationEnvelopeSchema },
      },
    },
    async (request) =>
      ok(await clarify.submit(currentUser(request), request.body, meta(request.ip)), '提交成功'),
  );

  app.post(
    CLARIFY_PATHS.audit,
    {
      config,
      schema: {
        tags,
        summary: 'The centre approves a submitted clarification or returns it with the reason',
        body: ClarificationAuditBodySchema,
        response: { 200: ClarificationEnvelopeSchema },
      },
    },
    async (request) =>
      ok(await clarify.audit(currentUser(request), request.body, meta(request.ip)), '操作成功'),
  );

  app.post(
    CLARIFY_PATHS.send,
    {
      config,
      schema: {
        tags,
        summary: 'Send an approved clarification to every bidder who downloaded the documents (a job)',
        body: ClarificationVersionBodySchema,
        response: { 200: ClarificationEnvelopeSchema },
      },
    },
    async (request) =>
      ok(await clarify.send(currentUser(request), request.body, meta(request.ip)), '发送成功'),
  );

  app.post(
    CLARIFY_PATHS.revoke,
    {
      config,
      schema: {
        tags,
        summary: 'Take a submitted or approved clarification back to a draft, before it is sent',
        body: ClarificationVersionBodySchema,
        response: { 200: ClarificationEnvelopeSchema },
      },
    },
    async (request) =>
      ok(await clarify.revoke(currentUser(request), request.body, meta(request.ip)), '撤回成功'),
  );

  app.post(
    CLARIFY_PATHS.delete,
    {
      config,
      schema: {
        tags,
        summary: 'Delete a draft (soft)',
        body: ClarificationVersionBodySchema,
        response: { 200: EmptyEnvelopeSchema },
      },
    },
    async (request) => {
      await clarify.delete(currentUser(request), request.body, meta(request.ip));
      return ok(null, '删除成功');
    },
  );

  app.post(
    CLARIFY_PATHS.received,
    {
      config: enterprises,
      schema: {
        tags,
        summary: 'The clarifications delivered to the calling bidder, with its own receipts',
        response: { 200: ReceivedClarificationListEnvelopeSchema },
      },
    },
    async (request) => ok(await clarify.received(currentUser(request))),
  );

  app.post(
    CLARIFY_PATHS.receipt,
    {
      config: enterprises,
      schema: {
        tags,
        summary: 'The bidder confirms receipt of its delivery (idempotent)',
        body: DeliveryRefSchema,
        response: { 200: ReceivedClarificationEnvelopeSchema },
      },
    },
    async (request) =>
      ok(await clarify.receipt(currentUser(request), request.body.id, meta(request.ip)), '已确认收到'),
  );

  app.post(
    CLARIFY_PATHS.objections,
    {
      config,
      schema: {
        tags,
        summary: 'Objections: a bidder its own, a party its projects’, the centre and supervisors all',
        response: { 200: ObjectionListEnvelopeSchema },
      },
    },
    async (request) => ok(await clarify.objections(currentUser(request))),
  );

  app.post(
    CLARIFY_PATHS.objectionSections,
    {
      config,
      schema: {
        tags,
        summary: 'The sections the calling bidder may object to',
        response: { 200: ClarifySectionListEnvelopeSchema },
      },
    },
    async (request) => ok(await clarify.objectionSections(currentUser(request))),
  );

  app.post(
    CLARIFY_PATHS.raise,
    {
      config,
      schema: {
        tags,
        summary: 'A bidder raises an objection to a section’s documents (pauses the section)',
        body: ObjectionRaiseBodySchema,
        response: { 200: ObjectionEnvelopeSchema },
      },
    },
    async (request) =>
      ok(await clarify.raise(currentUser(request), request.body, meta(request.ip)), '提交成功'),
  );

  app.post(
    CLARIFY_PATHS.answer,
    {
      config,
      schema: {
        tags,
        summary: 'The tenderee or agent answers an objection',
        body: ObjectionAnswerBodySchema,
        response: { 200: ObjectionEnvelopeSchema },
      },
    },
    async (request) =>
      ok(await clarify.answer(currentUser(request), request.body, meta(request.ip)), '答复成功'),
  );
};
