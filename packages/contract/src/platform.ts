import { z } from 'zod';
import { envelopeOf } from './envelope.ts';

/** Platform information: shown in the footer; platformName becomes the page title. */
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

/** C0/C1 control characters (tabs and line breaks too): one-line values shown in the footer have none. */
const CONTROL_CHARACTERS = /\p{Cc}/u;
/** Control characters other than tab and line breaks, which HTML text may contain. */
const CONTROL_CHARACTERS_BUT_LAYOUT = /(?![\t\n\r])\p{Cc}/u;

/**
 * A support line people can dial: a mobile number, a landline with its area code (an extension
 * after '-' or 转), a 400/800 service number or a short service number such as 12345, with an
 * optional +86.
 */
export const SUPPORT_PHONE_PATTERN =
  /^(?:\+86[- ]?)?(?:1[3-9]\d{9}|0\d{2,3}-?\d{7,8}(?:(?:-|转)\d{1,6})?|[48]00-?\d{3}-?\d{4}|\d{5,8})$/;
export const SUPPORT_PHONE_MESSAGE = '技术支持电话格式不正确，例如 025-12345678、13800000000 或 400-123-4567';

const oneLine = (name: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${name}不能超过${max}个字符`)
    .refine((value) => !CONTROL_CHARACTERS.test(value), `${name}不能包含控制字符`);

export const UpdatePlatformInfoBodySchema = z.object({
  platformName: oneLine('平台名称', 60).refine((value) => value.length > 0, '请输入平台名称'),
  describe: z
    .string()
    .max(5000, '平台描述不能超过5000个字符')
    .refine((value) => !CONTROL_CHARACTERS_BUT_LAYOUT.test(value), '平台描述不能包含控制字符'),
  filingsCoding: oneLine('备案号', 60),
  supportPhone: oneLine('技术支持电话', 30).refine(
    (value) => value === '' || SUPPORT_PHONE_PATTERN.test(value),
    SUPPORT_PHONE_MESSAGE,
  ),
  revision: z.number().int(),
});
export type UpdatePlatformInfoBody = z.infer<typeof UpdatePlatformInfoBodySchema>;

/** Which login page the deployment shows. */
export const LOGIN_VARIANTS = ['public-service', 'plain', 'business-handling'] as const;
export const LoginVariantSchema = z.enum(LOGIN_VARIANTS);
export type LoginVariant = z.infer<typeof LoginVariantSchema>;
export const LOGIN_VARIANT_LABELS: Record<LoginVariant, string> = {
  'public-service': '公共服务登录',
  plain: '普通登录',
  'business-handling': '业务办理登录',
};

/** Deployment configuration: set by environment, read by the web app before login. */
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
