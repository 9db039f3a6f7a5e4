import { z } from 'zod';
import { envelopeOf } from './envelope.ts';

/** Platform information (spec 001 §3): shown in the footer; platformName becomes the page title. */
export const PlatformInfoSchema = z.object({
  platformName: z.string(),
  /** Sanitised HTML shown in the footer. */
  describe: z.string(),
  /** ICP filing number (备案号); the footer links it to the national filing site. */
  filingsCoding: z.string(),
  /** Server version; the footer reloads the page when it changes. */
  version: z.string(),
  supportPhone: z.string(),
  /** Edit counter of the platform information, sent back on update (optimistic locking). */
  revision: z.number().int(),
});
export type PlatformInfo = z.infer<typeof PlatformInfoSchema>;
export const PlatformInfoEnvelopeSchema = envelopeOf(PlatformInfoSchema);

export const UpdatePlatformInfoBodySchema = z.object({
  platformName: z.string().trim().min(1, '请输入平台名称').max(60, '平台名称不能超过60个字符'),
  describe: z.string().max(5000, '平台描述不能超过5000个字符'),
  filingsCoding: z.string().trim().max(60, '备案号不能超过60个字符'),
  supportPhone: z.string().trim().max(30, '技术支持电话不能超过30个字符'),
  revision: z.number().int(),
});
export type UpdatePlatformInfoBody = z.infer<typeof UpdatePlatformInfoBodySchema>;

/** Which login page the deployment shows (spec 001 §1). */
export const LOGIN_VARIANTS = ['public-service', 'plain', 'business-handling'] as const;
export const LoginVariantSchema = z.enum(LOGIN_VARIANTS);
export type LoginVariant = z.infer<typeof LoginVariantSchema>;
export const LOGIN_VARIANT_LABELS: Record<LoginVariant, string> = {
  'public-service': '公共服务登录',
  plain: '普通登录',
  'business-handling': '业务办理登录',
};

/** Deployment configuration (spec 001 §1, §9): set by environment, read by the web app before login. */
export const DeployConfigSchema = z.object({
  loginVariant: LoginVariantSchema,
  /** Deployment type; one type shows administrators the enterprise-info-library link. */
  deploymentType: z.string(),
  /** Key of the customer-service channel of the support widget. */
  supportChannelKey: z.string(),
  /** Address of the bid-opening hall, opened in a new window from the header navigation; empty: no entry. */
  bidHallUrl: z.string(),
});
export type DeployConfig = z.infer<typeof DeployConfigSchema>;
export const DeployConfigEnvelopeSchema = envelopeOf(DeployConfigSchema);
