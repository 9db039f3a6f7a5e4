import { z } from 'zod';
import { isCreditCode } from './credit-code.ts';
import { envelopeOf } from './envelope.ts';
import { UserCodeSchema } from './ids.ts';

/** loginRoleType: M administrator, D developer, U enterprise account, P personnel (individual) account. */
export const LOGIN_ROLE_TYPES = ['M', 'D', 'U', 'P'] as const;
export const LoginRoleTypeSchema = z.enum(LOGIN_ROLE_TYPES);
export type LoginRoleType = z.infer<typeof LoginRoleTypeSchema>;
export const LOGIN_ROLE_TYPE_LABELS: Record<LoginRoleType, string> = {
  M: '管理员',
  D: '开发者',
  U: '企业用户',
  P: '个人用户',
};

/** Role mapping of the specification: M → ['admin'], D → ['developer'], else ['user']. */
export function rolesOf(loginRoleType: LoginRoleType, stored: readonly string[] = []): string[] {
  // A stored list (decision 0072: a centre account may be a supervisor) replaces the default.
  if (stored.length > 0) return [...stored];
  if (loginRoleType === 'M') return ['admin'];
  if (loginRoleType === 'D') return ['developer'];
  return ['user'];
}

export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
export const PhoneSchema = z.string().trim().regex(PHONE_PATTERN, '请输入正确的手机号码');
export const SmsCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, '请输入6位短信验证码');

/** Password rule: 8–20 characters with at least one letter and one digit. */
export const PasswordSchema = z
  .string()
  .min(8, '密码长度为8到20位')
  .max(20, '密码长度为8到20位')
  .regex(/[A-Za-z]/, '密码须同时包含字母和数字')
  .regex(/\d/, '密码须同时包含字母和数字');

/** The RSA public key the browser encrypts login and password fields with (RSA-OAEP, SHA-256). */
export const PublicKeySchema = z.object({
  keyId: z.string(),
  publicKey: z.string(),
  algorithm: z.literal('RSA-OAEP-256'),
});
export type PublicKey = z.infer<typeof PublicKeySchema>;
export const PublicKeyEnvelopeSchema = envelopeOf(PublicKeySchema);

/**
 * What is sealed inside each encrypted field: the value, a nonce shared by all fields of one request,
 * and the browser's clock in ms. The server refuses a nonce it has seen and a stale timestamp, so a
 * captured request cannot be replayed.
 */
export const SealedFieldSchema = z.object({
  v: z.string(),
  n: z.string().min(16).max(64),
  t: z.number().int(),
});
export type SealedField = z.infer<typeof SealedFieldSchema>;

/** Base64 RSA-OAEP ciphertext of a SealedField. */
const CipherTextSchema = z.string().min(1, '请输入账号和密码').max(2048);

export const LoginBodySchema = z.object({
  logValue: CipherTextSchema,
  passWord: CipherTextSchema,
  keyId: z.string(),
  loginRoleType: LoginRoleTypeSchema.optional(),
  captchaId: z.string().optional(),
  captchaCode: z.string().optional(),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

/** practiceDetails status: 0 unknown, 1 warning, 2 normal (practice status dialog). */
export const PracticeDetailSchema = z.object({
  region: z.string(),
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  reason: z.string(),
});
export const PracticingStatusSchema = z.object({
  /** True when any region is not normal: the web app then opens the practice status dialog. */
  abnormal: z.boolean(),
  practiceDetails: z.array(PracticeDetailSchema),
});
export type PracticingStatus = z.infer<typeof PracticingStatusSchema>;

/** codeStatus: '1' account normal, '2' must change the initial password. */
export const CODE_STATUS_LABELS = { '1': '正常', '2': '需修改初始密码' } as const;

export const LoginResultSchema = z.object({
  token: z.string(),
  userCode: z.string(),
  codeStatus: z.enum(['1', '2']),
  practicingStatus: PracticingStatusSchema,
  expiresAt: z.string(),
});
export type LoginResult = z.infer<typeof LoginResultSchema>;
export const LoginEnvelopeSchema = envelopeOf(LoginResultSchema);

export const EnterpriseSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  creditCode: z.string(),
  enterpriseType: z.string(),
});
export type EnterpriseSummary = z.infer<typeof EnterpriseSummarySchema>;

/** User info; `id` is the userCode. `homeUrl` is where this user lands after login. */
export const UserInfoSchema = z.object({
  /** The account's code, not its UUID (decision 0068). */
  id: UserCodeSchema,
  userCode: UserCodeSchema,
  userName: z.string(),
  photo: z.string(),
  phone: z.string(),
  loginRoleType: LoginRoleTypeSchema,
  roles: z.array(z.string()),
  practicingStatus: PracticingStatusSchema,
  enterprise: EnterpriseSummarySchema.nullable(),
  homeUrl: z.string(),
  /** A personnel account's linked ID number, masked ('' when none; decision 0053). */
  idNumber: z.string().optional(),
});
export type UserInfo = z.infer<typeof UserInfoSchema>;
export const UserInfoEnvelopeSchema = envelopeOf(UserInfoSchema);

export const CaptchaSchema = z.object({ captchaId: z.string(), image: z.string() });
export const CaptchaEnvelopeSchema = envelopeOf(CaptchaSchema);

/** Answer of check-login: whether the token is alive, and when it expires. */
export const CheckLoginSchema = z.object({ valid: z.literal(true), expiresAt: z.string() });
export const CheckLoginEnvelopeSchema = envelopeOf(CheckLoginSchema);
export const RefreshEnvelopeSchema = envelopeOf(z.object({ token: z.string(), expiresAt: z.string() }));

/** Change password: both fields sealed and encrypted like the login fields. */
export const UpdateSecretBodySchema = z.object({
  oldPassWord: CipherTextSchema,
  newPassWord: CipherTextSchema,
  keyId: z.string(),
});

/**
 * What a code is for: `bind` proves an ID number claim, sent only by the claim itself (decision 0063);
 * `login` signs in by SMS, sent only by the logins module's own route (decision 0079).
 */
export const SMS_PURPOSES = ['register', 'reset', 'verify', 'activate', 'bind', 'login'] as const;
export const SmsPurposeSchema = z.enum(SMS_PURPOSES);
export type SmsPurpose = z.infer<typeof SmsPurposeSchema>;
/** The purposes anyone may ask a code for by phone number. */
export const PublicSmsPurposeSchema = z.enum(['register', 'reset', 'verify', 'activate']);
export const SMS_PURPOSE_LABELS: Record<SmsPurpose, string> = {
  register: '注册账号',
  reset: '重置密码',
  verify: '验证手机号',
  activate: '激活账号',
  bind: '绑定身份证号码',
  login: '短信验证码登录',
};
/** SMS providers as administrators read them: the local one delivers nothing. */
export const SMS_PROVIDER_LABELS: Record<string, string> = { local: '本地（未发送）', http: '短信网关' };

export const SendSmsBodySchema = z.object({ phone: PhoneSchema, purpose: PublicSmsPurposeSchema });
export const PhoneCodeBodySchema = z.object({ phone: PhoneSchema });
export const VerifyPhoneBodySchema = z.object({
  phone: PhoneSchema,
  smsCode: SmsCodeSchema,
  purpose: PublicSmsPurposeSchema,
});

export const ResetSecretBodySchema = z.object({
  phone: PhoneSchema,
  smsCode: SmsCodeSchema,
  newPassWord: CipherTextSchema,
  keyId: z.string(),
});

/** Unified social credit code (统一社会信用代码, GB 32100-2015): credit-code.ts. */
export { isCreditCode };
export const CreditCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isCreditCode, '请输入正确的统一社会信用代码');

export const ENTERPRISE_TYPES = ['施工企业', '监理企业', '招标代理', '造价咨询', '建设单位', '其他'] as const;

export const EnterpriseVerifyBodySchema = z.object({
  enterpriseName: z.string().trim().min(2, '请输入企业名称').max(100, '企业名称不能超过100个字符'),
  creditCode: CreditCodeSchema,
});
export const EnterpriseVerifyEnvelopeSchema = envelopeOf(z.object({ registered: z.boolean() }));

const AccountSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_]{3,29}$/, '账号须以字母开头，由4到30位字母、数字或下划线组成');

/** Enterprise registration: creates an enterprise and its enterprise account (U), inactive until activated. */
export const RegistrationBodySchema = EnterpriseVerifyBodySchema.extend({
  enterpriseType: z.enum(ENTERPRISE_TYPES, '请选择企业类型'),
  account: AccountSchema,
  contactName: z.string().trim().min(1, '请输入联系人姓名').max(30, '联系人姓名不能超过30个字符'),
  phone: PhoneSchema,
  smsCode: SmsCodeSchema,
  passWord: CipherTextSchema,
  keyId: z.string(),
});

/** Personnel registration: creates a personnel account (P), inactive until activated. */
export const UserRegisterBodySchema = z.object({
  account: AccountSchema,
  userName: z.string().trim().min(1, '请输入姓名').max(30, '姓名不能超过30个字符'),
  phone: PhoneSchema,
  smsCode: SmsCodeSchema,
  passWord: CipherTextSchema,
  keyId: z.string(),
});
export const RegisteredEnvelopeSchema = envelopeOf(
  z.object({ userCode: z.string(), activationRequired: z.literal(true) }),
);

export const ActivationCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{32}$/, '激活码无效');
export const ActivateVerifyQuerySchema = z.object({ activationCode: ActivationCodeSchema });
export const ActivateVerifyEnvelopeSchema = envelopeOf(
  z.object({ account: z.string(), userName: z.string(), phone: z.string() }),
);
export const ActivateBodySchema = z.object({ activationCode: ActivationCodeSchema });

/** An entry of the local SMS provider's outbox, readable by administrators. */
export const SmsOutboxEntrySchema = z.object({
  id: z.string(),
  phone: z.string(),
  purpose: SmsPurposeSchema,
  text: z.string(),
  provider: z.string(),
  createdAt: z.string(),
});
export type SmsOutboxEntry = z.infer<typeof SmsOutboxEntrySchema>;
