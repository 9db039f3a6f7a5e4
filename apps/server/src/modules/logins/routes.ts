import {
  CreditCodeCheckBodySchema,
  EmptyEnvelopeSchema,
  IdentityCheckEnvelopeSchema,
  LOGINS_PATHS,
  LoginEnvelopeSchema,
  RealNameBodySchema,
  SMS_LOGIN_SENT_MESSAGE,
  SmsLoginBodySchema,
  SmsLoginSendBodySchema,
  WechatBindBodySchema,
  WechatBindSessionBodySchema,
  WechatCallbackQuerySchema,
  WechatLocalScanBodySchema,
  WechatQrCodeEnvelopeSchema,
  WechatScanStatusBodySchema,
  WechatScanStatusEnvelopeSchema,
} from '@ks/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import type { IdentityChecks, LoginsService } from './service.ts';

const meta = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
});

/** The other ways to log in and the identity checks (decision 0079): all public, rate-limited per address. */
export const loginsRoutes: FastifyPluginAsyncZod<{
  logins: LoginsService;
  checks: IdentityChecks;
  ratePerMinute: number;
}> = async (app, { logins, checks, ratePerMinute }) => {
  const config = { access: 'public' as const, rateLimit: { max: ratePerMinute, timeWindow: '1 minute' } };
  const tags = ['logins'];

  app.post(
    LOGINS_PATHS.smsSend,
    {
      config,
      schema: {
        tags,
        summary: '发送短信登录验证码（不透露手机号是否已绑定账号）',
        body: SmsLoginSendBodySchema,
        response: { 200: EmptyEnvelopeSchema },
      },
    },
    async (request) => {
      await logins.sendSmsCode(request.body.phone);
      return ok(null, SMS_LOGIN_SENT_MESSAGE);
    },
  );

  app.post(
    LOGINS_PATHS.smsLogin,
    {
      config,
      schema: {
        tags,
        summary: '短信验证码登录',
        body: SmsLoginBodySchema,
        response: { 200: LoginEnvelopeSchema },
      },
    },
    async (request) =>
      ok(await logins.smsLogin(request.body.phone, request.body.smsCode, meta(request)), '登录成功'),
  );

  app.get(
    LOGINS_PATHS.wechatQrCode,
    {
      config,
      schema: { tags, summary: '微信扫码登录二维码', response: { 200: WechatQrCodeEnvelopeSchema } },
    },
    async () => ok(await logins.qrCode()),
  );

  app.post(
    LOGINS_PATHS.wechatScanStatus,
    {
      // The QR page polls every two seconds for up to five minutes.
      config: { access: 'public', rateLimit: { max: Math.max(ratePerMinute, 60), timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: '微信扫码状态',
        body: WechatScanStatusBodySchema,
        response: { 200: WechatScanStatusEnvelopeSchema },
      },
    },
    async (request) => ok(await logins.scanStatus(request.body.state, meta(request))),
  );

  app.get(
    LOGINS_PATHS.wechatCallback,
    {
      config,
      schema: {
        tags,
        summary: '微信授权回调（跳回登录页继续扫码登录）',
        querystring: WechatCallbackQuerySchema,
      },
    },
    async (request, reply) => {
      const { code, state } = request.query;
      const back = new URLSearchParams({ wechatState: state });
      try {
        await logins.recordScan(state, code);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        back.set('wechatError', error.message);
      }
      return reply.redirect(`/login?${back.toString()}`);
    },
  );

  app.post(
    LOGINS_PATHS.wechatLocalScan,
    {
      config,
      schema: {
        tags,
        summary: '本地模拟扫码（仅本地微信登录提供者）',
        body: WechatLocalScanBodySchema,
        response: { 200: EmptyEnvelopeSchema },
      },
    },
    async (request) => {
      await logins.localScan(request.body.state, request.body.identity, request.ip);
      return ok(null, '已扫码');
    },
  );

  app.post(
    LOGINS_PATHS.wechatBind,
    {
      config,
      schema: {
        tags,
        summary: '首次扫码：验证手机号后绑定微信并登录',
        body: WechatBindBodySchema,
        response: { 200: LoginEnvelopeSchema },
      },
    },
    async (request) => {
      const { state, phone, smsCode } = request.body;
      return ok(await logins.bind(state, phone, smsCode, meta(request)), '微信已绑定，登录成功');
    },
  );

  app.post(
    LOGINS_PATHS.wechatBindSession,
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: '首次扫码：账号密码登录后，以该会话绑定微信',
        body: WechatBindSessionBodySchema,
        response: { 200: EmptyEnvelopeSchema },
      },
    },
    async (request) => {
      await logins.bindToUser(currentUser(request), request.body.state, request.ip);
      return ok(null, '微信已绑定');
    },
  );

  app.post(
    LOGINS_PATHS.realName,
    {
      config,
      schema: {
        tags,
        summary: '实名认证（姓名与身份证号码）',
        body: RealNameBodySchema,
        response: { 200: IdentityCheckEnvelopeSchema },
      },
    },
    async (request) => ok(await checks.realName(request.body)),
  );

  app.post(
    LOGINS_PATHS.creditCode,
    {
      config,
      schema: {
        tags,
        summary: '统一社会信用代码认证',
        body: CreditCodeCheckBodySchema,
        response: { 200: IdentityCheckEnvelopeSchema },
      },
    },
    async (request) => ok(await checks.creditCode(request.body)),
  );
};
