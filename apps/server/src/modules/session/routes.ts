import {
  CaptchaEnvelopeSchema,
  CheckLoginEnvelopeSchema,
  EmptyEnvelopeSchema,
  envelopeOf,
  LoginBodySchema,
  LoginEnvelopeSchema,
  PublicKeyEnvelopeSchema,
  RefreshEnvelopeSchema,
  UpdateSecretBodySchema,
  UserInfoEnvelopeSchema,
} from '@ks/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerToken, currentUser } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import type { SealedFields } from '../../platform/sealed-fields.ts';
import { createCaptcha } from './captcha.ts';
import type { RequestMeta, SessionService } from './service.ts';

export const requestMeta = (request: FastifyRequest): RequestMeta => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
});

export const sessionRoutes: FastifyPluginAsyncZod<{
  sessions: SessionService;
  sealed: SealedFields;
  loginRatePerMinute: number;
}> = async (app, { sessions, sealed, loginRatePerMinute }) => {
  app.get(
    '/ks/common/public-key',
    {
      config: { access: 'public' },
      schema: {
        tags: ['session'],
        summary: 'RSA-OAEP public key for sealed login fields',
        response: { 200: PublicKeyEnvelopeSchema },
      },
    },
    async () => ok(await sealed.publicKey()),
  );

  app.get(
    '/ks/common/captcha',
    {
      config: { access: 'public', rateLimit: { max: loginRatePerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['session'],
        summary: 'Image captcha, required after failed logins',
        response: { 200: CaptchaEnvelopeSchema },
      },
    },
    async (request) => ok(await createCaptcha(request.server.db)),
  );

  app.post(
    '/ks/common/login',
    {
      config: { access: 'public', rateLimit: { max: loginRatePerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['session'],
        summary: 'Log in with sealed logValue and passWord',
        body: LoginBodySchema,
        response: { 200: LoginEnvelopeSchema },
      },
    },
    async (request) => ok(await sessions.login(request.body, requestMeta(request)), '登录成功'),
  );

  app.get(
    '/ks/common/logout',
    {
      config: { access: 'session' },
      schema: { tags: ['session'], summary: 'End this session', response: { 200: EmptyEnvelopeSchema } },
    },
    async (request) => {
      await sessions.logout(currentUser(request), requestMeta(request));
      return ok(null, '已退出登录');
    },
  );

  app.get(
    '/ks/individual/user-info',
    {
      config: { access: 'session' },
      schema: { tags: ['session'], summary: 'The caller', response: { 200: UserInfoEnvelopeSchema } },
    },
    async (request) => ok(await sessions.userInfo(currentUser(request))),
  );

  app.get(
    '/ks/auth/v1/authorization/check-login',
    {
      config: { access: 'session' },
      schema: {
        tags: ['session'],
        summary: 'Is this token alive',
        response: { 200: CheckLoginEnvelopeSchema },
      },
    },
    async (request) => {
      const expiresAt = await sessions.expiresAt(currentUser(request).sessionId, bearerToken(request) ?? '');
      return ok({ valid: true as const, expiresAt });
    },
  );

  app.post(
    '/ks/auth/v1/authorization/refresh',
    {
      config: { access: 'session' },
      schema: {
        tags: ['session'],
        summary: 'Swap the token for a fresh one',
        response: { 200: RefreshEnvelopeSchema },
      },
    },
    async (request) => ok(await sessions.refresh(currentUser(request), requestMeta(request))),
  );

  app.put(
    '/ks/individual/login/update-secret',
    {
      config: { access: 'session' },
      schema: {
        tags: ['session'],
        summary: 'Change password; ends every session of the user',
        body: UpdateSecretBodySchema,
        response: { 200: EmptyEnvelopeSchema },
      },
    },
    async (request) => {
      await sessions.updateSecret(currentUser(request), request.body, requestMeta(request));
      return ok(null, '密码修改成功，请重新登录');
    },
  );

  app.post(
    '/ks/admin/sessions/kick',
    {
      config: { access: { roles: ['M'] } },
      schema: {
        tags: ['session'],
        summary: 'End every session of a user (administrators)',
        body: z.object({ userCode: z.string().min(1, '请选择用户') }),
        response: { 200: envelopeOf(z.object({ ended: z.number().int() })) },
      },
    },
    async (request) => {
      const ended = await sessions.kickUser(
        currentUser(request),
        request.body.userCode,
        requestMeta(request),
      );
      return ok({ ended }, '操作成功');
    },
  );
};
