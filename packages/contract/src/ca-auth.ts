import { z } from 'zod';
import { envelopeOf } from './envelope.ts';
import { LoginResultSchema } from './session.ts';

/**
 * CA certificate login and binding (decision 0080; spec 001 §2 /caLogin, /caLoginPage, /caRegister,
 * §7 "/ks/auth/v1/authorization ... CA login endpoints", whose paths the spec does not give). The
 * server issues a one-time challenge; the holder signs it with the certificate's private key (RSA
 * PKCS#1 v1.5 / SHA-256, or SM2 with SM3) and sends the certificate with the signature.
 */
export const CA_AUTH_PATHS = {
  /** Public: a one-time challenge to sign (login or binding). */
  challenge: '/ks/auth/v1/authorization/ca-challenge',
  /** Public: certificate + signature of a challenge → a session, as a password login answers. */
  login: '/ks/auth/v1/authorization/ca-login',
  /** Public with a session (the account proven by its password login): bind a certificate. */
  register: '/ks/auth/v1/authorization/ca-register',
  /** With a session: the caller's bound certificates and their expiry warnings. */
  certificates: '/ks/auth/v1/authorization/ca-certificates',
  /** With a session: unbind one of the caller's certificates (soft delete, with its version). */
  unbind: '/ks/auth/v1/authorization/ca-unbind',
} as const;

export const CA_AUTH_MESSAGES = {
  certificateMissing: '请选择证书',
  certificateUnreadable: '证书无法识别，请选择 PEM 或 DER 格式的 X.509 证书',
  untrustedIssuer: '证书不是受信任的CA签发的',
  badCertificateSignature: '证书签名无效，不是受信任的CA签发的',
  notYetValid: '证书尚未生效',
  expired: '证书已过期',
  revoked: '证书已被吊销',
  keyUsage: '证书不能用于数字签名',
  unsupportedAlgorithm: '不支持的证书算法，仅支持 RSA 与 SM2',
  challengeUnknown: '登录挑战不存在或已过期，请重新获取',
  challengeUsed: '登录挑战已使用，请重新获取',
  signatureMissing: '请先使用证书签名',
  badSignature: '签名验证失败，请确认证书与私钥匹配',
  notBound: '该证书尚未绑定账号，请先进行证书注册',
  alreadyBound: '该证书已绑定账号',
  sessionRequired: '请先使用账号密码登录，再绑定证书',
  noTrustedCa: '系统未配置受信任的CA证书，暂不能使用证书登录',
  bindingNotFound: '证书绑定不存在',
  stale: '该证书绑定已被修改，请刷新后重试',
} as const;

export const CaPurposeSchema = z.enum(['login', 'register']);
export type CaPurpose = z.infer<typeof CaPurposeSchema>;

export const CaChallengeBodySchema = z.object({ purpose: CaPurposeSchema });
export const CaChallengeSchema = z.object({
  challengeId: z.string(),
  /** The exact text to sign, UTF-8. */
  challenge: z.string(),
  expiresAt: z.string(),
});
export type CaChallenge = z.infer<typeof CaChallengeSchema>;
export const CaChallengeEnvelopeSchema = envelopeOf(CaChallengeSchema);

/** A certificate (PEM, or base64 DER) and the base64 signature of the challenge text. */
export const CaSignedBodySchema = z.object({
  challengeId: z.string(CA_AUTH_MESSAGES.challengeUnknown).uuid(CA_AUTH_MESSAGES.challengeUnknown),
  certificate: z.string().trim().min(1, CA_AUTH_MESSAGES.certificateMissing).max(20000),
  signature: z.string().trim().min(1, CA_AUTH_MESSAGES.signatureMissing).max(4000),
});
export type CaSignedBody = z.infer<typeof CaSignedBodySchema>;

export const CaAlgorithmSchema = z.enum(['RSA', 'SM2']);

export const CaCertificateSchema = z.object({
  id: z.string(),
  serialNumber: z.string(),
  issuer: z.string(),
  subject: z.string(),
  fingerprint: z.string(),
  algorithm: CaAlgorithmSchema,
  notAfter: z.string(),
  /** Days until it expires (negative once expired), server time. */
  daysLeft: z.number().int(),
  /** Set when it expires within the configured warning days: the text to show. */
  warning: z.string().nullable(),
  boundAt: z.string(),
  version: z.number().int(),
});
export type CaCertificate = z.infer<typeof CaCertificateSchema>;
export const CaCertificateEnvelopeSchema = envelopeOf(CaCertificateSchema);
export const CaCertificateListEnvelopeSchema = envelopeOf(z.array(CaCertificateSchema));

export const CaUnbindBodySchema = z.object({
  id: z.string(CA_AUTH_MESSAGES.bindingNotFound).uuid(CA_AUTH_MESSAGES.bindingNotFound),
  version: z.number().int().min(1),
});
export type CaUnbindBody = z.infer<typeof CaUnbindBodySchema>;

export const CaLoginResultSchema = LoginResultSchema.extend({
  /** The certificate's expiry warning, when it expires within the configured days. */
  certificateWarning: z.string().nullable(),
});
export type CaLoginResult = z.infer<typeof CaLoginResultSchema>;
export const CaLoginEnvelopeSchema = envelopeOf(CaLoginResultSchema);

export const caExpiryWarning = (daysLeft: number) =>
  daysLeft <= 0 ? '证书今天到期，请尽快更新证书' : `证书将在${daysLeft}天后到期，请尽快更新证书`;
