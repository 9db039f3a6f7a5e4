import {
  CreateHelpGroupBodySchema,
  EmptyEnvelopeSchema,
  ExampleTemplateEnvelopeSchema,
  ExampleTemplateSlotQuerySchema,
  HelpAdminTreeQuerySchema,
  HelpGroupEnvelopeSchema,
  HelpIdParamsSchema,
  HelpScopeQuerySchema,
  HelpTreeEnvelopeSchema,
  UpdateHelpGroupBodySchema,
  VersionQuerySchema,
} from '@ks/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import { badRequest } from '../../platform/errors.ts';
import { tooLarge } from './file-check.ts';
import type { HelpService, Upload } from './service.ts';

const admins = { access: { roles: ['M'] as const } };

export const helpRoutes: FastifyPluginAsyncZod<{ help: HelpService; maxFileBytes: number }> = async (
  app,
  { help, maxFileBytes },
) => {
  const tags = ['help'];

  /** The one file of a multipart upload, cut at the help file limit (the service then refuses it). */
  async function readUpload(request: FastifyRequest): Promise<Upload> {
    const part = await request.file({ limits: { fileSize: maxFileBytes, files: 1 } });
    if (!part) throw badRequest('请选择要上传的文件');
    return { fileName: part.filename, body: part.file, isTruncated: () => part.file.truncated };
  }

  /** Multipart's own size error becomes the platform's message. */
  async function withUploadErrors<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxFileBytes);
      throw error;
    }
  }

  app.get(
    '/ks/help/v1/guide',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: '帮助说明: groups and files of a node (falls back to its system, then the platform)',
        querystring: HelpScopeQuerySchema,
        response: { 200: HelpTreeEnvelopeSchema },
      },
    },
    async (request) => ok(await help.getHelpTree('guide', request.query)),
  );

  app.get(
    '/ks/help/v1/faq-list',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: '常见问题: groups and Q&A pairs of a node (falls back to its system, then the platform)',
        querystring: HelpScopeQuerySchema,
        response: { 200: HelpTreeEnvelopeSchema },
      },
    },
    async (request) => ok(await help.getHelpTree('faq', request.query)),
  );

  app.get(
    '/ks/help/v1/example-template',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'Example and template files of a node (null when missing: 暂无模板！)',
        querystring: HelpScopeQuerySchema,
        response: { 200: ExampleTemplateEnvelopeSchema },
      },
    },
    async (request) => ok(await help.getExampleTemplate(request.query)),
  );

  app.get(
    '/ks/help/v1/admin/groups',
    {
      config: admins,
      schema: {
        tags,
        summary: 'One scope’s help tree, without fallback (administrators)',
        querystring: HelpAdminTreeQuerySchema,
        response: { 200: HelpTreeEnvelopeSchema },
      },
    },
    async (request) => {
      const { kind, systemCoding, gnCoding } = request.query;
      return ok(await help.getScopeTree(kind, systemCoding, gnCoding));
    },
  );

  app.post(
    '/ks/help/v1/admin/groups',
    {
      config: admins,
      schema: {
        tags,
        summary: 'Create a help group (administrators)',
        body: CreateHelpGroupBodySchema,
        response: { 200: HelpGroupEnvelopeSchema },
      },
    },
    async (request) => ok(await help.createGroup(currentUser(request), request.body, request.ip), '保存成功'),
  );

  app.put(
    '/ks/help/v1/admin/groups/:id',
    {
      config: admins,
      schema: {
        tags,
        summary: 'Rename a help group and edit its Q&A pairs (administrators; version-checked)',
        params: HelpIdParamsSchema,
        body: UpdateHelpGroupBodySchema,
        response: { 200: HelpGroupEnvelopeSchema },
      },
    },
    async (request) =>
      ok(
        await help.updateGroup(currentUser(request), request.params.id, request.body, request.ip),
        '保存成功',
      ),
  );

  app.delete(
    '/ks/help/v1/admin/groups/:id',
    {
      config: admins,
      schema: {
        tags,
        summary: 'Soft-delete a help group with its sub-groups and files (administrators)',
        params: HelpIdParamsSchema,
        querystring: VersionQuerySchema,
        response: { 200: EmptyEnvelopeSchema },
      },
    },
    async (request) => {
      await help.deleteGroup(currentUser(request), request.params.id, request.query.version, request.ip);
      return ok(null, '操作成功');
    },
  );

  app.post(
    '/ks/help/v1/admin/groups/:id/files',
    {
      config: admins,
      schema: {
        tags,
        summary: 'Upload a PDF, MP4 or WebM into a guide group (multipart field "file"; administrators)',
        params: HelpIdParamsSchema,
        response: { 200: HelpGroupEnvelopeSchema },
      },
    },
    async (request) =>
      withUploadErrors(async () => {
        const upload = await readUpload(request);
        return ok(
          await help.uploadFile(currentUser(request), request.params.id, upload, request.ip),
          '上传成功',
        );
      }),
  );

  app.delete(
    '/ks/help/v1/admin/files/:id',
    {
      config: admins,
      schema: {
        tags,
        summary: 'Soft-delete a help file (administrators)',
        params: HelpIdParamsSchema,
        querystring: VersionQuerySchema,
        response: { 200: EmptyEnvelopeSchema },
      },
    },
    async (request) => {
      await help.deleteFile(currentUser(request), request.params.id, request.query.version, request.ip);
      return ok(null, '操作成功');
    },
  );

  app.post(
    '/ks/help/v1/admin/example-template',
    {
      config: admins,
      schema: {
        tags,
        summary:
          'Upload the example or template file of a node (multipart; version 0 for the first; administrators)',
        querystring: ExampleTemplateSlotQuerySchema.extend(VersionQuerySchema.shape),
        response: { 200: ExampleTemplateEnvelopeSchema },
      },
    },
    async (request) =>
      withUploadErrors(async () => {
        const upload = await readUpload(request);
        const { version, ...scope } = request.query;
        return ok(
          await help.uploadTemplate(currentUser(request), scope, version, upload, request.ip),
          '上传成功',
        );
      }),
  );

  app.delete(
    '/ks/help/v1/admin/example-template',
    {
      config: admins,
      schema: {
        tags,
        summary: 'Remove the example or template file of a node (administrators)',
        querystring: ExampleTemplateSlotQuerySchema.extend(VersionQuerySchema.shape),
        response: { 200: ExampleTemplateEnvelopeSchema },
      },
    },
    async (request) => {
      const { version, ...scope } = request.query;
      return ok(await help.deleteTemplate(currentUser(request), scope, version, request.ip), '操作成功');
    },
  );
};
