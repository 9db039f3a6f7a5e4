import {
  DownloadRecordsEnvelopeSchema,
  DownloadStatusEnvelopeSchema,
  EmptyEnvelopeSchema,
  OnSaleListEnvelopeSchema,
  TENDER_FILE_PATHS as PATHS,
  SectionDocumentsEnvelopeSchema,
  SignUpBodySchema,
  SignUpEnvelopeSchema,
  SignUpQuantityEnvelopeSchema,
  TenderDocDeleteBodySchema,
  TenderDocIdParamsSchema,
  TenderDocSaveBodySchema,
  TenderDocumentEnvelopeSchema,
  TenderSectionRefSchema,
} from '@ks/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import type { TenderFilesService } from './service.ts';

/** RFC 6266 / 5987: the original (often Chinese) file name survives the download. */
const attachment = (fileName: string) =>
  `attachment; filename="${fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

/**
 * Tender documents, sign-up and downloads (decision 0077). Centre (M) and enterprise (U) accounts
 * call them; personnel and developers are refused by the access guard. The service decides per
 * section by the caller's side and the server's clock.
 */
export const tenderFileRoutes: FastifyPluginAsyncZod<{ tenderFiles: TenderFilesService }> = async (
  app,
  { tenderFiles },
) => {
  const tags = ['tender-files'];
  const config = { access: { roles: ['M', 'U'] as const } };

  app.post(
    PATHS.files,
    {
      config,
      schema: {
        tags,
        summary: "A section's tender documents for the caller, with its side, the sale and its buttons",
        body: TenderSectionRefSchema,
        response: { 200: SectionDocumentsEnvelopeSchema },
      },
    },
    async (request) => ok(await tenderFiles.documents(currentUser(request), request.body)),
  );

  app.post(
    PATHS.save,
    {
      config,
      schema: {
        tags,
        summary: 'The tenderee or agent attaches an uploaded file as a tender or prequalification document',
        body: TenderDocSaveBodySchema,
        response: { 200: TenderDocumentEnvelopeSchema },
      },
    },
    async (request) =>
      ok(await tenderFiles.save(currentUser(request), request.body, { ip: request.ip }), '上传成功'),
  );

  app.post(
    PATHS.delete,
    {
      config,
      schema: {
        tags,
        summary: 'Soft-delete a document (its party, before the sale starts)',
        body: TenderDocDeleteBodySchema,
        response: { 200: EmptyEnvelopeSchema },
      },
    },
    async (request) => {
      await tenderFiles.delete(currentUser(request), request.body, { ip: request.ip });
      return ok(null, '删除成功');
    },
  );

  app.post(
    PATHS.records,
    {
      config,
      schema: {
        tags,
        summary: 'Sign-ups and downloads: centre all, a bidder its own, parties only after the deadline',
        body: TenderSectionRefSchema,
        response: { 200: DownloadRecordsEnvelopeSchema },
      },
    },
    async (request) => ok(await tenderFiles.records(currentUser(request), request.body)),
  );

  app.post(
    PATHS.downloadStatus,
    {
      config,
      schema: {
        tags,
        summary: "A bidder's own sign-up and which documents it downloaded",
        body: TenderSectionRefSchema,
        response: { 200: DownloadStatusEnvelopeSchema },
      },
    },
    async (request) => ok(await tenderFiles.downloadStatus(currentUser(request), request.body)),
  );

  app.post(
    PATHS.quantity,
    {
      config,
      schema: {
        tags,
        summary: 'Sign-up count: centre always, parties after the bid deadline, bidders never',
        body: TenderSectionRefSchema,
        response: { 200: SignUpQuantityEnvelopeSchema },
      },
    },
    async (request) => ok(await tenderFiles.quantity(currentUser(request), request.body)),
  );

  app.post(
    PATHS.signUp,
    {
      config,
      schema: {
        tags,
        summary: 'A bidder enterprise signs up (报名) for a section while its documents are on sale',
        body: SignUpBodySchema,
        response: { 200: SignUpEnvelopeSchema },
      },
    },
    async (request) =>
      ok(await tenderFiles.signUp(currentUser(request), request.body, { ip: request.ip }), '报名成功'),
  );

  app.post(
    PATHS.onSale,
    {
      config,
      schema: {
        tags,
        summary: 'Sections whose documents are on sale now (server time), with the caller buttons',
        response: { 200: OnSaleListEnvelopeSchema },
      },
    },
    async (request) => ok(await tenderFiles.onSale(currentUser(request))),
  );

  app.get(
    `${PATHS.download}/:id`,
    {
      config,
      schema: {
        tags,
        summary: 'Streams a document (signed-up bidders during the sale, parties, centre); records it',
        params: TenderDocIdParamsSchema,
      },
    },
    async (request, reply) => {
      const { file, body } = await tenderFiles.download(currentUser(request), request.params.id, {
        ip: request.ip,
      });
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-length', String(file.size))
        .header('content-disposition', attachment(file.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );
};
