import { z } from 'zod';
import { creditCodeProblem } from './credit-code.ts';
import { envelopeOf } from './envelope.ts';
import { idNumberProblem } from './id-number.ts';
import { LoginResultSchema, PhoneSchema, SmsCodeSchema } from './session.ts';

/**
 * The other ways to log in and the identity checks (decision 0079): SMS login, WeChat QR login,
 * real-name (name and ID number) and unified social credit code checks.
 */
export const LOGINS_PATHS = {
  smsSend: '/ks/common/login/phone/send-sms',
  smsLogin: '/ks/common/login/phone',
  wechatQrCode: '/ks/common/wechat/qr-code',
  wechatScanStatus: '/ks/common/wechat/scan-status',
  wechatCallback: '/ks/common/wechat/callback',
  wechatLocalScan: '/ks/common/wechat/local-scan',
  wechatBind: '/ks/common/wechat/bind',
  wechatBindSession: '/ks/common/wechat/bind-session',
  realName: '/ks/auth/v1/authorization/real-name',
  creditCode: '/ks/auth/v1/authorization/credit-code',
} as const;

/** The answer to a code request: the same whether or not the phone belongs to an account. */
export const SMS_LOGIN_SENT_MESSAGE = '如该手机号已绑定账号，验证码已发送';
export const SMS_LOGIN_FAILED_MESSAGE = '手机号或验证码错误';

export const SmsLoginSendBodySchema = z.object({ phone: PhoneSchema });
export const SmsLoginBodySchema = z.object({ phone: PhoneSchema, smsCode: SmsCodeSchema });

export const WECHAT_PROVIDERS = ['local', 'wechat'] as const;
export const WechatProviderSchema = z.enum(WECHAT_PROVIDERS);
export const WECHAT_PROVIDER_LABELS: Record<z.infer<typeof WechatProviderSchema>, string> = {
  local: '本地模拟（非真实微信，仅供开发测试）',
  wechat: '微信开放平台',
};

const StateSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, '二维码已失效，请刷新');

export const WechatQrCodeSchema = z.object({
  state: z.string(),
  /** Where the QR login continues: WeChat's qrconnect page, or the local provider's scan page. */
  qrUrl: z.string(),
  provider: WechatProviderSchema,
  providerLabel: z.string(),
  expiresAt: z.string(),
});
export const WechatQrCodeEnvelopeSchema = envelopeOf(WechatQrCodeSchema);

/** waiting: not scanned; unbound: scanned by a WeChat identity no account holds yet; signedIn: done. */
export const WECHAT_SCAN_STATUSES = ['waiting', 'unbound', 'signedIn', 'expired'] as const;
export const WECHAT_SCAN_STATUS_LABELS: Record<(typeof WECHAT_SCAN_STATUSES)[number], string> = {
  waiting: '请使用微信扫描二维码',
  unbound: '该微信尚未绑定账号，请验证手机号后绑定',
  signedIn: '登录成功',
  expired: '二维码已失效，请刷新',
};
export const WechatScanStatusBodySchema = z.object({ state: StateSchema });
export const WechatScanStatusSchema = z.object({
  status: z.enum(WECHAT_SCAN_STATUSES),
  message: z.string(),
  login: LoginResultSchema.nullable(),
});
export const WechatScanStatusEnvelopeSchema = envelopeOf(WechatScanStatusSchema);

export const WechatCallbackQuerySchema = z.object({ code: z.string().min(1).max(256), state: StateSchema });

/** The local provider's scan: a developer picks the WeChat identity that "scans". */
export const WechatLocalScanBodySchema = z.object({
  state: StateSchema,
  identity: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{2,40}$/, '模拟身份须为2到40位字母、数字、下划线或短横线'),
});

/** A first scan binds the WeChat identity to the account that proves its phone. */
export const WechatBindBodySchema = z.object({
  state: StateSchema,
  phone: PhoneSchema,
  smsCode: SmsCodeSchema,
});

/** A first scan bound by a password login: the page logs in as usual, then binds with its session. */
export const WechatBindSessionBodySchema = z.object({ state: StateSchema });

export const PersonNameSchema = z.string().trim().min(2, '请输入姓名').max(30, '姓名不能超过30个字符');

export const RealNameBodySchema = z.object({
  name: PersonNameSchema,
  idNumber: z
    .string()
    .trim()
    .toUpperCase()
    .superRefine((value, ctx) => {
      const problem = idNumberProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
});

export const CreditCodeCheckBodySchema = z.object({
  enterpriseName: z.string().trim().min(2, '请输入企业名称').max(100, '企业名称不能超过100个字符'),
  creditCode: z
    .string()
    .trim()
    .toUpperCase()
    .superRefine((value, ctx) => {
      const problem = creditCodeProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
});

export const IDENTITY_CHECK_PROVIDERS = ['local'] as const;
export const IDENTITY_CHECK_PROVIDER_LABELS: Record<(typeof IDENTITY_CHECK_PROVIDERS)[number], string> = {
  local: '本地核验（未连接权威数据源，仅校验号码格式与校验位）',
};
/** An authority's answer: whether name and number belong together, and who answered. */
export const IdentityCheckSchema = z.object({
  matched: z.boolean(),
  message: z.string(),
  provider: z.enum(IDENTITY_CHECK_PROVIDERS),
  providerLabel: z.string(),
  checkedAt: z.string(),
});
export type IdentityCheck = z.infer<typeof IdentityCheckSchema>;
export const IdentityCheckEnvelopeSchema = envelopeOf(IdentityCheckSchema);
