import {
  EmptyEnvelopeSchema,
  envelopeOf,
  PhoneCodeBodySchema,
  pageOf,
  SendSmsBodySchema,
  SmsOutboxEntrySchema,
  VerifyPhoneBodySchema,
} from '@ks/contract';
import { count, desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { smsOutbox } from '../../db/schema/identity.ts';
import { ok } from '../../platform/envelope.ts';
import type { SmsService } from './service.ts';

export const smsRoutes: FastifyPluginAsyncZod<{ sms: SmsService; ratePerMinute: number }> = async (
  app,
  { sms, ratePerMinute },
) => {
  const rateLimit = { max: ratePerMinute, timeWindow: '1 minute' };

  app.post(
    '/ks/common/sms/send-sms',
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags: ['sms'],
        summary: 'Send a verification code',
        body: SendSmsBodySchema,
        response: { 200: EmptyEnvelopeSchema },
      },
    },
    async (request) => {
      await sms.sendCode(request.body.phone, request.body.purpose);
      return ok(null, '验证码已发送');
    },
  );

  app.post(
    '/ks/common/register/phone-code',
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags: ['sms'],
        summary: 'Send a registration code',
        body: PhoneCodeBodySchema,
        response: { 200: EmptyEnvelopeSchema },
      },
    },
    async (request) => {
      await sms.sendCode(request.body.phone, 'register');
      return ok(null, '验证码已发送');
    },
  );

  app.post(
    '/ks/common/sms/verify-phone',
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags: ['sms'],
        summary: 'Check a code without using it up (the step before the action it guards)',
        body: VerifyPhoneBodySchema,
        response: { 200: EmptyEnvelopeSchema },
      },
    },
    async (request) => {
      const { phone, purpose, smsCode } = request.body;
      await sms.checkCode(phone, purpose, smsCode);
      return ok(null, '验证通过');
    },
  );

  app.get(
    '/ks/admin/sms/outbox',
    {
      config: { access: { roles: ['M'] } },
      schema: {
        tags: ['sms'],
        summary: 'Messages recorded by the local SMS provider (administrators)',
        querystring: z.object({
          curPage: z.coerce.number().int().min(1).default(1),
          pageSize: z.coerce.number().int().min(1).max(100).default(10),
        }),
        response: { 200: envelopeOf(pageOf(SmsOutboxEntrySchema)) },
      },
    },
    async (request) => {
      const { curPage, pageSize } = request.query;
      const db = request.server.db;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(smsOutbox)
          .orderBy(desc(smsOutbox.createdAt))
          .limit(pageSize)
          .offset((curPage - 1) * pageSize),
        db.select({ value: count() }).from(smsOutbox),
      ]);
      const records = rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
      return ok({ records, total: total?.value ?? 0, curPage, pageSize });
    },
  );
};
