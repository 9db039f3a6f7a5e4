import {
  HeaderItemsEnvelopeSchema,
  MenuTreeEnvelopeSchema,
  MenuTreeQuerySchema,
  PHOTO_MAX_BYTES,
  ProfileEnvelopeSchema,
  SystemListEnvelopeSchema,
  UpdateProfileBodySchema,
  UpdateThemeBodySchema,
  UserThemeEnvelopeSchema,
} from '@ks/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import { badRequest } from '../../platform/errors.ts';
import type { ShellService } from './service.ts';

const NO_PHOTO = '请选择要上传的图片';

export const shellRoutes: FastifyPluginAsyncZod<{ shell: ShellService }> = async (app, { shell }) => {
  const tags = ['shell'];

  app.post(
    '/ks/menu/v1/menus/main-menus',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'The systems the caller may open',
        response: { 200: SystemListEnvelopeSchema },
      },
    },
    async (request) => ok(await shell.findMainMenus(currentUser(request))),
  );

  app.get(
    '/ks/individual/menus',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: "The caller's menu tree of one system (developers get hidden nodes too)",
        querystring: MenuTreeQuerySchema,
        response: { 200: MenuTreeEnvelopeSchema },
      },
    },
    async (request) => ok(await shell.findMenuTree(currentUser(request), request.query.systemCoding)),
  );

  app.get(
    '/ks/individual/header-items',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: "The caller's header dropdown items",
        response: { 200: HeaderItemsEnvelopeSchema },
      },
    },
    async (request) => ok(await shell.findHeaderItems(currentUser(request))),
  );

  app.get(
    '/ks/individual/theme',
    {
      config: { access: 'session' },
      schema: { tags, summary: "The caller's theme", response: { 200: UserThemeEnvelopeSchema } },
    },
    async (request) => ok(await shell.getTheme(currentUser(request))),
  );

  app.put(
    '/ks/individual/theme',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: "Save the caller's theme over the version it was loaded at",
        body: UpdateThemeBodySchema,
        response: { 200: UserThemeEnvelopeSchema },
      },
    },
    async (request) =>
      ok(await shell.updateTheme(currentUser(request), request.body, request.ip), '保存成功'),
  );

  app.get(
    '/ks/individual/profile',
    {
      config: { access: 'session' },
      schema: { tags, summary: "The caller's editable profile", response: { 200: ProfileEnvelopeSchema } },
    },
    async (request) => ok(await shell.getProfile(currentUser(request))),
  );

  app.put(
    '/ks/individual/profile',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: "Change the caller's name",
        body: UpdateProfileBodySchema,
        response: { 200: ProfileEnvelopeSchema },
      },
    },
    async (request) =>
      ok(await shell.updateProfile(currentUser(request), request.body, request.ip), '保存成功'),
  );

  app.post(
    '/ks/individual/photo',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'Upload a profile photo (multipart field file: jpg, png, jpeg or webp, at most 2 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: ProfileEnvelopeSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (!request.isMultipart()) throw badRequest(NO_PHOTO, { file: NO_PHOTO });
      // No throw at the limit: the cut-off file is reported with the spec's own words instead.
      const file = await request.file({ limits: { fileSize: PHOTO_MAX_BYTES }, throwFileSizeLimit: false });
      if (!file) throw badRequest(NO_PHOTO, { file: NO_PHOTO });
      const bytes = await file.toBuffer();
      const profile = await shell.updatePhoto(
        user,
        { fileName: file.filename, bytes, truncated: file.file.truncated },
        request.ip,
      );
      return ok(profile, '上传成功');
    },
  );
};
