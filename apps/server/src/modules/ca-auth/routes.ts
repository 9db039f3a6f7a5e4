import {
  CA_AUTH_PATHS,
  CaCertificateEnvelopeSchema,
  CaCertificateListEnvelopeSchema,
  CaChallengeBodySchema,
  CaChallengeEnvelopeSchema,
  CaLoginEnvelopeSchema,
  CaSignedBodySchema,
  CaUnbindBodySchema,
  EmptyEnvelopeSchema,
} from '@ks/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import type { CaAuthService } from './service.ts';

/** CA certificate login and binding (decision 0080), under /ks/auth/v1/authorization. */
export const caAuthRoutes: FastifyPluginAsyncZod<{ ca: CaAuthService; loginRatePerMinute: number }> = async (
  app,
  { ca, loginRatePerMinute },
) => {
  const tags = ['ca-auth'];
  const publicLimited = {
    access: 'public' as const,
    rateLimit: { max: loginRatePerMinute, timeWindow: '1 minute' },
  };

  app.post(
    CA_AUTH_PATHS.challenge,
    {
      config: publicLimited,
      schema: {
        tags,
        summary: '获取证书签名挑战',
        body: CaChallengeBodySchema,
        response: { 200: CaChallengeEnvelopeSchema },
      },
    },
    async (request) => ok(await ca.challenge(request.body.purpose)),
  );

  app.post(
    CA_AUTH_PATHS.login,
    {
      config: publicLimited,
      schema: {
        tags,
        summary: 'CA证书登录',
        body: CaSignedBodySchema,
        response: { 200: CaLoginEnvelopeSchema },
      },
    },
    async (request) =>
      ok(await ca.login(request.body, { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' })),
  );

  app.post(
    CA_AUTH_PATHS.register,
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: '绑定CA证书',
        body: CaSignedBodySchema,
        response: { 200: CaCertificateEnvelopeSchema },
      },
    },
    async (request) => ok(await ca.register(currentUser(request), request.body, request.ip)),
  );

  app.get(
    CA_AUTH_PATHS.certificates,
    {
      config: { access: 'session' },
      schema: { tags, summary: '已绑定的CA证书', response: { 200: CaCertificateListEnvelopeSchema } },
    },
    async (request) => ok(await ca.certificates(currentUser(request))),
  );

  app.post(
    CA_AUTH_PATHS.unbind,
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: '解绑CA证书',
        body: CaUnbindBodySchema,
        response: { 200: EmptyEnvelopeSchema },
      },
    },
    async (request) => {
      await ca.unbind(currentUser(request), request.body, request.ip);
      return ok(null, '证书已解绑');
    },
  );
};
