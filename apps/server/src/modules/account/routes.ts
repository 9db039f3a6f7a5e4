import {
  ActivateBodySchema,
  ActivateVerifyEnvelopeSchema,
  ActivateVerifyQuerySchema,
  EmptyEnvelopeSchema,
  EnterpriseVerifyBodySchema,
  EnterpriseVerifyEnvelopeSchema,
  RegisteredEnvelopeSchema,
  RegistrationBodySchema,
  ResetSecretBodySchema,
  UserRegisterBodySchema,
} from '@ks/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import type { AccountService } from './service.ts';

export const accountRoutes: FastifyPluginAsyncZod<{
  accounts: AccountService;
  ratePerMinute: number;
}> = async (app, { accounts, ratePerMinute }) => {
  const rateLimit = { max: ratePerMinute, timeWindow: '1 minute' };
  const tags = ['account'];

  app.post(
    '/ks/common/register/enterprise-verify',
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags,
        summary: 'Is this enterprise registered already',
        body: EnterpriseVerifyBodySchema,
        response: { 200: EnterpriseVerifyEnvelopeSchema },
      },
    },
    async (request) => ok({ registered: await accounts.isEnterpriseRegistered(request.body.creditCode) }),
  );

  app.post(
    '/ks/common/register/registration',
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags,
        summary: 'Register an enterprise and its account',
        body: RegistrationBodySchema,
        response: { 200: RegisteredEnvelopeSchema },
      },
    },
    async (request) =>
      ok(await accounts.registerEnterprise(request.body, request.ip), '注册成功，激活链接已发送至您的手机'),
  );

  app.post(
    '/ks/common/register/user-register',
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags,
        summary: 'Register a personnel account',
        body: UserRegisterBodySchema,
        response: { 200: RegisteredEnvelopeSchema },
      },
    },
    async (request) =>
      ok(await accounts.registerPersonnel(request.body, request.ip), '注册成功，激活链接已发送至您的手机'),
  );

  app.get(
    '/ks/common/activate/verify',
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags,
        summary: 'Check an activation link',
        querystring: ActivateVerifyQuerySchema,
        response: { 200: ActivateVerifyEnvelopeSchema },
      },
    },
    async (request) => ok(await accounts.verifyActivation(request.query.activationCode)),
  );

  app.post(
    '/ks/common/activate',
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags,
        summary: 'Activate an account',
        body: ActivateBodySchema,
        response: { 200: EmptyEnvelopeSchema },
      },
    },
    async (request) => {
      await accounts.activate(request.body.activationCode, request.ip);
      return ok(null, '账号已激活，请登录');
    },
  );

  app.post(
    '/ks/individual/login/reset-secret',
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags,
        summary: 'Set a new password with an SMS code',
        body: ResetSecretBodySchema,
        response: { 200: EmptyEnvelopeSchema },
      },
    },
    async (request) => {
      await accounts.resetSecret(request.body, request.ip);
      return ok(null, '密码已重置，请使用新密码登录');
    },
  );
};
