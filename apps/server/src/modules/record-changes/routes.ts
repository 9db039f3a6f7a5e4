import {
  CHANGE_MESSAGES,
  CHANGE_TEMPLATE_MAX_BYTES,
  ChangeFieldsBodySchema,
  ChangeFieldsEnvelopeSchema,
  ChangeListEnvelopeSchema,
  ChangeNodeRefSchema,
  ChangeSavedEnvelopeSchema,
  ChangeTemplateInfoEnvelopeSchema,
  ChangeTypeTreeEnvelopeSchema,
  ListChangesBodySchema,
  RECORD_CHANGE_PATHS,
  ReviewChangeBodySchema,
  SaveChangeBodySchema,
  SubmitChangeBodySchema,
} from '@ks/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resolveNode } from '../../engine/record-store.ts';
import { currentUser } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import { badRequest, forbidden } from '../../platform/errors.ts';
import type { RecordChangeService } from './service.ts';
import type { ChangeTemplateService } from './template-service.ts';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const attachment = (fileName: string) =>
  `attachment; filename="${encodeURIComponent(fileName)}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

/**
 * Change requests on approved records (the paths are ours,
 * RECORD_CHANGE_PATHS). Every call needs a session; the service decides per caller and state.
 */
export const recordChangeRoutes: FastifyPluginAsyncZod<{
  changes: RecordChangeService;
  templates: ChangeTemplateService;
}> = async (app, { changes, templates }) => {
  const tags = ['record-changes'];
  const config = { access: 'session' as const };
  const admins = { access: { roles: ['M'] as const } };

  app.post(
    RECORD_CHANGE_PATHS.list,
    {
      config,
      schema: {
        tags,
        summary: "A record's change rounds, oldest first, with the caller's permissions and buttons",
        body: ListChangesBodySchema,
        response: { 200: ChangeListEnvelopeSchema },
      },
    },
    async (request) => ok(await changes.list(currentUser(request), request.body)),
  );

  app.post(
    RECORD_CHANGE_PATHS.typeTree,
    {
      config,
      schema: {
        tags,
        summary: "The change-type cascader: the node's form groups with their fields, and attachments (info)",
        body: ChangeNodeRefSchema,
        response: { 200: ChangeTypeTreeEnvelopeSchema },
      },
    },
    async (request) => ok(await changes.typeTree(currentUser(request), request.body)),
  );

  app.post(
    RECORD_CHANGE_PATHS.fields,
    {
      config,
      schema: {
        tags,
        summary: "The record's current values, the changeable fields' schema and its attachments (enclosure)",
        body: ChangeFieldsBodySchema,
        response: { 200: ChangeFieldsEnvelopeSchema },
      },
    },
    async (request) => ok(await changes.fields(currentUser(request), request.body)),
  );

  app.post(
    RECORD_CHANGE_PATHS.save,
    {
      config,
      schema: {
        tags,
        summary: 'Save a change: a new round (no id) or the round in change, over the version read',
        body: SaveChangeBodySchema,
        response: { 200: ChangeSavedEnvelopeSchema },
      },
    },
    async (request) =>
      ok(await changes.save(currentUser(request), request.body, { ip: request.ip }), CHANGE_MESSAGES.saved),
  );

  app.post(
    RECORD_CHANGE_PATHS.submit,
    {
      config,
      schema: {
        tags,
        summary: 'Submit a saved change for review (confirmed, not while editing)',
        body: SubmitChangeBodySchema,
        response: { 200: ChangeSavedEnvelopeSchema },
      },
    },
    async (request) =>
      ok(
        await changes.submit(currentUser(request), request.body, { ip: request.ip }),
        CHANGE_MESSAGES.submitted,
      ),
  );

  app.post(
    RECORD_CHANGE_PATHS.review,
    {
      config,
      schema: {
        tags,
        summary: 'Pass (applies the new values) or reject (advice required) a submitted change',
        body: ReviewChangeBodySchema,
        response: { 200: ChangeSavedEnvelopeSchema },
      },
    },
    async (request) =>
      ok(
        await changes.review(currentUser(request), request.body, { ip: request.ip }),
        CHANGE_MESSAGES.reviewed,
      ),
  );

  app.get(
    RECORD_CHANGE_PATHS.template,
    {
      config,
      schema: {
        tags,
        summary: 'The change-description document (变更说明, .docx) to fill in and upload with a change',
        querystring: z.object({
          systemCoding: z.string().max(64).optional(),
          gnCoding: z.string().max(64).optional(),
        }),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (user.loginRoleType === 'D') throw forbidden();
      const { systemCoding, gnCoding } = request.query;
      const title = systemCoding && gnCoding ? (await resolveNode(app.db, systemCoding, gnCoding)).title : '';
      const fileName = `${title || '信息'}变更说明.docx`;
      return reply
        .header('content-type', DOCX)
        .header('content-disposition', attachment(fileName))
        .header('cache-control', 'private, no-store')
        .send(await templates.document(title));
    },
  );

  app.get(
    RECORD_CHANGE_PATHS.templateInfo,
    {
      config: admins,
      schema: {
        tags,
        summary: 'Which change-description template the download serves (uploaded or generated)',
        response: { 200: ChangeTemplateInfoEnvelopeSchema },
      },
    },
    async () => ok(await templates.info()),
  );

  app.post(
    RECORD_CHANGE_PATHS.templateUpload,
    {
      config: admins,
      schema: {
        tags,
        summary: 'Replace the change-description template with a .docx (multipart file, at most 5 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: ChangeTemplateInfoEnvelopeSchema },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw badRequest('请选择文件');
      // One byte over the limit is enough to know the file is too large.
      const limit = CHANGE_TEMPLATE_MAX_BYTES + 1;
      const part = await request.file({ limits: { fileSize: limit, files: 1, fields: 5 } });
      if (!part) throw badRequest('请选择文件');
      const upload = {
        body: part.file,
        fileName: part.filename,
        isTruncated: () => part.file.truncated,
        limitBytes: CHANGE_TEMPLATE_MAX_BYTES,
      };
      return ok(await templates.upload(currentUser(request), upload, request.ip), '上传成功');
    },
  );

  app.post(
    RECORD_CHANGE_PATHS.templateReset,
    {
      config: admins,
      schema: {
        tags,
        summary: 'Go back to the generated change-description document',
        response: { 200: ChangeTemplateInfoEnvelopeSchema },
      },
    },
    async (request) => ok(await templates.reset(currentUser(request), request.ip), '操作成功'),
  );
};
