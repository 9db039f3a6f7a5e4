import { z } from 'zod';
import { envelopeOf, pageOf } from './envelope.ts';
import { PracticeDetailSchema } from './session.ts';

/**
 * Enterprise information (企业信息, issue 18 "Enterprise and personnel information"; spec 001 §2
 * `/system/companyInfo`, §7 `/ks/basic`): the items are engine records of the 企业信息 system the
 * market module provides, one node per part, owned by the enterprise account.
 */

export const MARKET_SYSTEM_CODING = 'KS_QYXX';
export const MARKET_PARTS = [
  'basic',
  'qualification',
  'safety',
  'personnel',
  'branch',
  'contact',
  'performance',
] as const;
export type MarketPart = (typeof MARKET_PARTS)[number];
export const MARKET_PART_LABELS: Record<MarketPart, string> = {
  basic: '基本信息',
  qualification: '资质信息',
  safety: '安全生产许可证',
  personnel: '注册人员',
  branch: '分支机构',
  contact: '联系人',
  performance: '业绩信息',
};
/** The node of each part in the 企业信息 system. */
export const MARKET_NODE_OF: Record<MarketPart, string> = {
  basic: 'QYXX_JBXX',
  qualification: 'QYXX_ZZXX',
  safety: 'QYXX_AQXK',
  personnel: 'QYXX_ZCRY',
  branch: 'QYXX_FZJG',
  contact: 'QYXX_LXR',
  performance: 'QYXX_YJXX',
};
/** The annex slots of the parts' attachments. */
export const MARKET_ANNEX = {
  licence: 'business_licence',
  qualification: 'qualification_cert',
  safety: 'safety_licence',
  personnel: 'registration_cert',
  branch: 'branch_licence',
  performance: 'performance_proof',
} as const;
/** The part `/system/companyInfo?apply=true` opens on (the practice application's qualifications). */
export const MARKET_APPLY_PART: MarketPart = 'qualification';

export const MARKET_MESSAGES = {
  ownOnly: '只能查看本企业的信息',
  enterpriseRequired: '请选择企业',
  notEnterprise: '该用户不是企业用户',
  expiryBeforeIssue: '有效期至不能早于发证日期',
  finishBeforeStart: '竣工日期不能早于开工日期',
  basicExists: '本企业已填写基本信息，请修改原有记录',
  personDuplicate: '本企业已登记该人员，请勿重复添加',
  personElsewhere: '该人员已在其他企业注册，同一人员同一时间只能在一家企业注册',
} as const;

export const EnterpriseQuerySchema = z.object({ id: z.uuid('企业不存在').optional() });
export type EnterpriseQuery = z.infer<typeof EnterpriseQuerySchema>;

export const MarketEnterpriseSchema = z.object({
  /** The enterprise account's user id (its records' owner). */
  userId: z.string(),
  enterpriseName: z.string(),
  creditCode: z.string(),
  qyType: z.string(),
  status: z.string(),
});
export type MarketEnterprise = z.infer<typeof MarketEnterpriseSchema>;

export const EnterpriseListQuerySchema = z.object({
  keyword: z.string().trim().max(60, '关键字不能超过60个字符').optional(),
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
export type EnterpriseListQuery = z.infer<typeof EnterpriseListQuerySchema>;
export const EnterpriseListEnvelopeSchema = envelopeOf(pageOf(MarketEnterpriseSchema));

const CellValueSchema = z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]);
export const MarketRecordSchema = z.object({
  id: z.string(),
  businessId: z.string(),
  status: z.string(),
  version: z.number().int(),
  updatedAt: z.string(),
  values: z.record(z.string(), CellValueSchema),
});
export type MarketRecord = z.infer<typeof MarketRecordSchema>;

export const CompanyInfoPartSchema = z.object({
  part: z.enum(MARKET_PARTS),
  systemCoding: z.string(),
  gnCoding: z.string(),
  /** The node's title now (administrators may rename it). */
  title: z.string(),
  /** The node's list columns that are form fields, in order. */
  columns: z.array(z.object({ code: z.string(), name: z.string() })),
  records: z.array(MarketRecordSchema),
});
export type CompanyInfoPart = z.infer<typeof CompanyInfoPartSchema>;
export const CompanyInfoSchema = z.object({
  enterprise: MarketEnterpriseSchema,
  /** The parts whose node exists and is published, in the system's order. */
  parts: z.array(CompanyInfoPartSchema),
});
export type CompanyInfo = z.infer<typeof CompanyInfoSchema>;
export const CompanyInfoEnvelopeSchema = envelopeOf(CompanyInfoSchema);

export const BranchSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  principal: z.string(),
  tel: z.string(),
});
export type Branch = z.infer<typeof BranchSchema>;
export const BranchListEnvelopeSchema = envelopeOf(z.array(BranchSchema));

/** Spec 000 §7: the contact list is asked with the enterprise's id and type. */
export const ContactListBodySchema = z.object({
  id: z.uuid('企业不存在').optional(),
  qyType: z.string().trim().max(20, '企业类型不能超过20个字符').optional(),
});
export type ContactListBody = z.infer<typeof ContactListBodySchema>;
/** Spec 000 §3: a contact person is ry_name and tel. */
export const ContactSchema = z.object({
  id: z.string(),
  ry_name: z.string(),
  tel: z.string(),
  position: z.string(),
});
export type Contact = z.infer<typeof ContactSchema>;
/** Spec 000 §7: the contact list answers with status 200 and result. */
export const ContactListResponseSchema = z.object({ status: z.literal(200), result: z.array(ContactSchema) });
export type ContactListResponse = z.infer<typeof ContactListResponseSchema>;

export const PracticeAreaEnvelopeSchema = envelopeOf(z.array(PracticeDetailSchema));

// ————— registered personnel (/system/personnelInfo) —————
export const PersonnelListQuerySchema = z.object({
  keyword: z.string().trim().max(60, '关键字不能超过60个字符').optional(),
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
export type PersonnelListQuery = z.infer<typeof PersonnelListQuerySchema>;
export const RegisteredPersonSchema = z.object({
  id: z.string(),
  status: z.string(),
  enterpriseUserId: z.string(),
  enterpriseName: z.string(),
  personName: z.string(),
  /** Masked in lists: the first 6 and last 4 characters. */
  idNumber: z.string(),
  registrationType: z.string(),
  specialty: z.string(),
  certificateNo: z.string(),
  region: z.string(),
  expiryDate: z.string(),
});
export type RegisteredPerson = z.infer<typeof RegisteredPersonSchema>;
export const PersonnelListEnvelopeSchema = envelopeOf(pageOf(RegisteredPersonSchema));

/** An ID number as lists show it. */
export const maskIdNumber = (value: string) =>
  value.length > 10 ? `${value.slice(0, 6)}${'*'.repeat(value.length - 10)}${value.slice(-4)}` : value;
