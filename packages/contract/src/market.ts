import { z } from 'zod';
import { envelopeOf, pageOf } from './envelope.ts';
import { BusinessIdSchema, PersonIdSchema, personIdInput, UserIdSchema } from './ids.ts';
import { ENTERPRISE_TYPES, PracticeDetailSchema, SmsCodeSchema } from './session.ts';

/**
 * Enterprise information (企业信息, issue 18 "Enterprise and personnel information";
 * `/system/companyInfo`, `/ks/basic`): the items are engine records of the 企业信息 system the
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
  personElsewhere: '该人员已在其他企业注册，同一人员同一时间只能在一家企业注册；如需转入，请申请转注册',
  staleEnterprise: '该企业信息已被他人修改，请刷新后重试',
  alreadyEnabled: '该企业已是启用状态',
  alreadyDisabled: '该企业已是停用状态',
  notActivated: '该企业账号尚未激活，不能启用或停用',
  exportTooLarge: '导出数据超过10000条，请缩小查询范围后再导出',
  personNotFound: '注册人员不存在或已删除',
  stalePerson: '该人员的执业状态已被他人修改，请刷新后重试',
  regionTwice: '同一地区只能填写一条执业状态',
  idNumberClaimed: '已提交，请输入短信验证码或等待管理员确认',
  claimCodeWrong: '验证码错误或已失效，请重新提交或等待管理员确认',
  claimNone: '没有待验证的身份证号码，请先提交',
  claimNotFound: '该绑定申请不存在',
  staleClaim: '该绑定申请已被他人处理，请刷新后重试',
  claimNotPending: '该绑定申请已处理，不能重复操作',
  claimRefusalMissing: '请填写不予确认的理由',
  claimAdminsOnly: '只有管理员可以确认身份证号码绑定',
  personalOnly: '仅个人用户可以绑定身份证号码',
  certificateNotFound: '注册证书不存在或已删除',
  staleCertificate: '该注册证书已被他人修改，请刷新后重试',
  certificateTaken: '该注册证书编号在该专业下已登记',
  certificateTwice: '该人员已有该注册类别和专业的证书',
  certificateExpiryBeforeIssue: '注册有效期至不能早于发证日期',
  certificatesOwnOnly: '只能维护本企业注册人员的证书',
  transferAlreadyOurs: '该人员已在本企业注册，无需转入',
  transferOpen: '本企业已申请转入该人员，请勿重复申请',
  transferNotFound: '转注册申请不存在',
  staleTransfer: '该转注册申请已被他人处理，请刷新后重试',
  transferReleaseOwnOnly: '只有原注册企业可以同意转出',
  transferRefuseOwnOnly: '只有原注册企业可以不同意转出',
  transferRefusalMissing: '请填写不同意转出的理由',
  transferWithdrawOwnOnly: '只有申请转入的企业可以撤回申请',
  transferNotPending: '该转注册申请已处理，不能重复操作',
  transferSourceGone: '该人员在原企业的注册信息已不存在，不能转注册',
  transferEnterprisesOnly: '只有企业用户可以申请转入人员',
} as const;

/**
 * The province of a unified social credit code (GB 32100): its characters 3–8 are the registering
 * authority's administrative division (GB/T 2260), whose first two digits name the province.
 */
export const PROVINCES: Record<string, string> = {
  '11': '北京市',
  '12': '天津市',
  '13': '河北省',
  '14': '山西省',
  '15': '内蒙古自治区',
  '21': '辽宁省',
  '22': '吉林省',
  '23': '黑龙江省',
  '31': '上海市',
  '32': '江苏省',
  '33': '浙江省',
  '34': '安徽省',
  '35': '福建省',
  '36': '江西省',
  '37': '山东省',
  '41': '河南省',
  '42': '湖北省',
  '43': '湖南省',
  '44': '广东省',
  '45': '广西壮族自治区',
  '46': '海南省',
  '50': '重庆市',
  '51': '四川省',
  '52': '贵州省',
  '53': '云南省',
  '54': '西藏自治区',
  '61': '陕西省',
  '62': '甘肃省',
  '63': '青海省',
  '64': '宁夏回族自治区',
  '65': '新疆维吾尔自治区',
};
/** The province named by a credit code, or '' when its division code names none. */
export const regionOfCreditCode = (creditCode: string) => PROVINCES[creditCode.slice(2, 4)] ?? '';
export const PROVINCE_NAMES = Object.values(PROVINCES);

export const EnterpriseQuerySchema = z.object({ id: z.uuid('企业不存在').optional() });
export type EnterpriseQuery = z.infer<typeof EnterpriseQuerySchema>;

export const MarketEnterpriseSchema = z.object({
  /** The enterprise account's user id (its records' owner). */
  userId: UserIdSchema,
  enterpriseName: z.string(),
  creditCode: z.string(),
  qyType: z.string(),
  status: z.string(),
  /** The province of the credit code ('' when it names none). */
  region: z.string().optional(),
  /** The account's version: enabling or disabling names it (optimistic lock). */
  version: z.number().int().optional(),
});
export type MarketEnterprise = z.infer<typeof MarketEnterpriseSchema>;

export const ENTERPRISE_STATES = ['enabled', 'disabled'] as const;
export const ENTERPRISE_STATE_LABELS = { enabled: '启用', disabled: '停用' } as const;

export const EnterpriseListQuerySchema = z.object({
  keyword: z.string().trim().max(60, '关键字不能超过60个字符').optional(),
  qyType: z.enum(ENTERPRISE_TYPES, '企业类型不存在').optional(),
  region: z.enum(PROVINCE_NAMES as [string, ...string[]], '地区不存在').optional(),
  state: z.enum(ENTERPRISE_STATES, '启用状态不存在').optional(),
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
export type EnterpriseListQuery = z.infer<typeof EnterpriseListQuerySchema>;
export const EnterpriseListEnvelopeSchema = envelopeOf(pageOf(MarketEnterpriseSchema));

const CellValueSchema = z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]);
export const MarketRecordSchema = z.object({
  id: z.string(),
  businessId: BusinessIdSchema,
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

/** The contact list is asked with the enterprise's id and type. */
export const ContactListBodySchema = z.object({
  id: z.uuid('企业不存在').optional(),
  qyType: z.string().trim().max(20, '企业类型不能超过20个字符').optional(),
});
export type ContactListBody = z.infer<typeof ContactListBodySchema>;
/** A contact person is ry_name and tel (the full form adds position and email). */
export const ContactSchema = z.object({
  id: z.string(),
  ry_name: z.string(),
  tel: z.string(),
  position: z.string(),
  email: z.string().optional(),
});
export type Contact = z.infer<typeof ContactSchema>;
/** The contact list answers with status 200 and result. */
export const ContactListResponseSchema = z.object({ status: z.literal(200), result: z.array(ContactSchema) });
export type ContactListResponse = z.infer<typeof ContactListResponseSchema>;

/**
 * The contact form's length: 1 is the contact person only (ry_name, tel), 3 — the
 * default — the full form (also position and email, as the 联系人 part keeps them).
 */
export const CONTACT_FORM_LENGTHS = [1, 3] as const;
export type ContactFormLength = (typeof CONTACT_FORM_LENGTHS)[number];
export const CONTACT_FORM_FIELDS: Record<ContactFormLength, readonly (keyof Omit<Contact, 'id'>)[]> = {
  1: ['ry_name', 'tel'],
  3: ['ry_name', 'tel', 'position', 'email'],
};
/** The contact's phone: a mobile number or a landline with its area code (the 联系人 form's rule). */
export const CONTACT_TEL_PATTERN = /^(1\d{10}|0\d{2,3}-?\d{7,8})$/;
export const CONTACT_MESSAGES = {
  nameRequired: '请输入联系人',
  nameTooLong: '联系人不能超过30个字符',
  telRequired: '请输入联系电话',
  telInvalid: '请输入正确的手机号码或固定电话（如0571-87654321）',
} as const;
export const ContactNameSchema = z
  .string(CONTACT_MESSAGES.nameRequired)
  .trim()
  .min(1, CONTACT_MESSAGES.nameRequired)
  .max(30, CONTACT_MESSAGES.nameTooLong);
export const ContactTelSchema = z
  .string(CONTACT_MESSAGES.telRequired)
  .trim()
  .min(1, CONTACT_MESSAGES.telRequired)
  .regex(CONTACT_TEL_PATTERN, CONTACT_MESSAGES.telInvalid);
/** The contact person (ry_name, tel), what the length-1 contact form asks for. */
export const ContactPersonSchema = z.object({ ry_name: ContactNameSchema, tel: ContactTelSchema });
export type ContactPerson = z.infer<typeof ContactPersonSchema>;

export const PracticeAreaEnvelopeSchema = envelopeOf(z.array(PracticeDetailSchema));

// ————— registered personnel (/system/personnelInfo) —————
export const PersonnelListQuerySchema = z.object({
  keyword: z.string().trim().max(60, '关键字不能超过60个字符').optional(),
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
export type PersonnelListQuery = z.infer<typeof PersonnelListQuerySchema>;
/** A registration certificate (注册证书) of a person: the principal one is the registration's own. */
export const CertificateSchema = z.object({
  /** null for the principal certificate, which is edited on the registration itself. */
  id: z.string().nullable(),
  registrationType: z.string(),
  specialty: z.string(),
  certificateNo: z.string(),
  region: z.string(),
  issueDate: z.string(),
  expiryDate: z.string(),
  version: z.number().int(),
});
export type Certificate = z.infer<typeof CertificateSchema>;

export const RegisteredPersonSchema = z.object({
  id: PersonIdSchema,
  status: z.string(),
  enterpriseUserId: UserIdSchema,
  enterpriseName: z.string(),
  personName: z.string(),
  /** Masked in lists: the first 6 and last 4 characters. */
  idNumber: z.string(),
  registrationType: z.string(),
  specialty: z.string(),
  certificateNo: z.string(),
  region: z.string(),
  expiryDate: z.string(),
  /** Every certificate of the registration, the principal first (decision 0059). */
  certificates: z.array(CertificateSchema),
  /** Whether the caller's enterprise keeps it (and so may change its certificates). */
  own: z.boolean(),
});
export type RegisteredPerson = z.infer<typeof RegisteredPersonSchema>;
export const PersonnelListEnvelopeSchema = envelopeOf(pageOf(RegisteredPersonSchema));

/** An ID number as lists show it. */
export const maskIdNumber = (value: string) =>
  value.length > 10 ? `${value.slice(0, 6)}${'*'.repeat(value.length - 10)}${value.slice(-4)}` : value;

// ————— administrators: the enterprise library (/system/adminInfo) —————
export const EnterpriseExportQuerySchema = EnterpriseListQuerySchema.omit({ pageNum: true, pageSize: true });
export type EnterpriseExportQuery = z.infer<typeof EnterpriseExportQuerySchema>;
export const EnterpriseStateBodySchema = z.object({
  id: z.uuid('企业不存在'),
  version: z.number().int().min(1),
  enabled: z.boolean(),
});
export type EnterpriseStateBody = z.infer<typeof EnterpriseStateBodySchema>;
export const EnterpriseStateEnvelopeSchema = envelopeOf(MarketEnterpriseSchema);

// ————— administrators: personnel across enterprises (/system/managementInfo) —————
/** The registered specialties the provided 注册人员 form offers (administrators may reshape it). */
export const PERSONNEL_SPECIALTIES = [
  '建筑工程',
  '市政公用工程',
  '机电工程',
  '公路工程',
  '水利水电工程',
  '土木建筑工程',
  '安装工程',
] as const;
export const PRACTICE_STATUS_LABELS = { 0: '未知', 1: '预警', 2: '正常' } as const;
export const PRACTICE_FILTERS = ['0', '1', '2'] as const;
export const ManagedPersonnelQuerySchema = z.object({
  keyword: z.string().trim().max(60, '关键字不能超过60个字符').optional(),
  idNumber: z.string().trim().max(18, '身份证号码不能超过18个字符').optional(),
  enterpriseId: z.uuid('企业不存在').optional(),
  specialty: z.string().trim().max(30, '注册专业不能超过30个字符').optional(),
  /** A region of the registration in this practice status. */
  practiceStatus: z.enum(PRACTICE_FILTERS, '执业状态不存在').optional(),
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
export type ManagedPersonnelQuery = z.infer<typeof ManagedPersonnelQuerySchema>;
export const ManagedPersonnelExportQuerySchema = ManagedPersonnelQuerySchema.omit({
  pageNum: true,
  pageSize: true,
});
export type ManagedPersonnelExportQuery = z.infer<typeof ManagedPersonnelExportQuerySchema>;
export const ManagedPersonSchema = RegisteredPersonSchema.omit({ own: true }).extend({
  practiceDetails: z.array(PracticeDetailSchema),
  /** The version of the practice status (0 when none was ever set). */
  practiceVersion: z.number().int(),
  /** The personnel account linked by the ID number, if any. */
  accountName: z.string(),
});
export type ManagedPerson = z.infer<typeof ManagedPersonSchema>;
export const ManagedPersonnelEnvelopeSchema = envelopeOf(pageOf(ManagedPersonSchema));
export const ManagedPersonQuerySchema = z.object({ id: personIdInput('注册人员不存在') });
export const ManagedPersonEnvelopeSchema = envelopeOf(ManagedPersonSchema);
export const PracticeAreasBodySchema = z.object({
  id: personIdInput('注册人员不存在'),
  /** The practice status version read (0 when none was set yet). */
  version: z.number().int().min(0),
  areas: z
    .array(
      z.object({
        region: z.enum(PROVINCE_NAMES as [string, ...string[]], '请选择执业地区'),
        status: z.union([z.literal(0), z.literal(1), z.literal(2)], '请选择执业状态'),
        reason: z.string().trim().max(200, '原因不能超过200个字符'),
      }),
    )
    .max(34, '执业地区不能超过34个'),
});
export type PracticeAreasBody = z.infer<typeof PracticeAreasBodySchema>;

/**
 * A personnel account claims an ID number (GB 11643, decision 0063): the claim reveals and locks
 * nothing until it is proven by an SMS code sent to the phone of the person's registration, or
 * confirmed by an administrator.
 */
export const LinkIdNumberBodySchema = z.object({
  idNumber: z.string().trim().min(1, '请输入身份证号码').max(18, '身份证号码须为18位'),
});
export type LinkIdNumberBody = z.infer<typeof LinkIdNumberBodySchema>;
/** The claimant's SMS code for its pending claim. */
export const ConfirmIdNumberBodySchema = z.object({ smsCode: SmsCodeSchema });
export type ConfirmIdNumberBody = z.infer<typeof ConfirmIdNumberBodySchema>;

export const CLAIM_STATES = ['pending', 'proven', 'refused', 'replaced'] as const;
export type ClaimState = (typeof CLAIM_STATES)[number];
export const CLAIM_STATE_LABELS: Record<ClaimState, string> = {
  pending: '待验证',
  proven: '已绑定',
  refused: '未予确认',
  replaced: '已重新提交',
};
export const CLAIM_PROOFS = ['sms', 'admin'] as const;
export const CLAIM_PROOF_LABELS: Record<(typeof CLAIM_PROOFS)[number], string> = {
  sms: '短信验证',
  admin: '管理员确认',
};
/** The claimant's own view: its proven number (masked) and its latest claim. */
export const IdentityStateSchema = z.object({
  /** The proven number, masked; null while none is proven. */
  idNumber: z.string().nullable(),
  claim: z
    .object({
      idNumber: z.string(),
      status: z.enum(CLAIM_STATES),
      refusal: z.string(),
      createdAt: z.string(),
    })
    .nullable(),
  practiceDetails: z.array(PracticeDetailSchema),
});
export type IdentityState = z.infer<typeof IdentityStateSchema>;
export const IdentityStateEnvelopeSchema = envelopeOf(IdentityStateSchema);
/** The answer to a claim: the same whatever the number (no telling who is registered). */
export const ClaimAnswerEnvelopeSchema = envelopeOf(z.object({ status: z.literal('pending') }));
/** A claim in the administrators' queue: in full, with what the platform knows of the number. */
export const IdentityClaimSchema = z.object({
  id: z.string(),
  userId: UserIdSchema,
  account: z.string(),
  userName: z.string(),
  accountPhone: z.string(),
  idNumber: z.string(),
  status: z.enum(CLAIM_STATES),
  proof: z.enum(CLAIM_PROOFS).nullable(),
  refusal: z.string(),
  /** The passed registration's person and enterprise ('' when the number has none). */
  personName: z.string(),
  enterpriseName: z.string(),
  /** Another account holding the number proven now ('' when none): confirming moves it. */
  heldBy: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  version: z.number().int(),
});
export type IdentityClaim = z.infer<typeof IdentityClaimSchema>;
export const IdentityClaimListQuerySchema = z.object({
  status: z.enum(CLAIM_STATES).default('pending'),
});
export type IdentityClaimListQuery = z.infer<typeof IdentityClaimListQuerySchema>;
export const IdentityClaimListEnvelopeSchema = envelopeOf(z.array(IdentityClaimSchema));
export const IdentityClaimEnvelopeSchema = envelopeOf(IdentityClaimSchema);
export const DecideIdentityClaimBodySchema = z
  .object({
    id: z.uuid(MARKET_MESSAGES.claimNotFound),
    version: z.number().int().min(1),
    result: z.enum(['confirm', 'refuse'], '请选择确认结果'),
    refusal: z.string().trim().max(200, '理由不能超过200个字符').default(''),
  })
  .refine((body) => body.result === 'confirm' || body.refusal.length > 0, {
    message: MARKET_MESSAGES.claimRefusalMissing,
    path: ['refusal'],
  });
export type DecideIdentityClaimBody = z.input<typeof DecideIdentityClaimBodySchema>;

// ————— certificates of a registration (decision 0059) —————
const dateText = (message: string) => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, message);
export const REGISTRATION_TYPES = [
  '一级注册建造师',
  '二级注册建造师',
  '注册造价工程师',
  '注册监理工程师',
  '注册安全工程师',
] as const;
export const CertificateFieldsSchema = z.object({
  registrationType: z.enum(REGISTRATION_TYPES, '请选择注册类别'),
  specialty: z.enum(PERSONNEL_SPECIALTIES, '请选择注册专业'),
  certificateNo: z.string().trim().min(1, '请输入注册证书编号').max(50, '注册证书编号不能超过50个字符'),
  region: z.enum(PROVINCE_NAMES as [string, ...string[]], '请选择注册地区'),
  issueDate: dateText('请选择发证日期'),
  expiryDate: dateText('请选择注册有效期至'),
});
export type CertificateFields = z.infer<typeof CertificateFieldsSchema>;
export const CreateCertificateBodySchema = CertificateFieldsSchema.extend({
  /** The 注册人员 record the certificate belongs to. */
  personId: personIdInput('注册人员不存在'),
});
export type CreateCertificateBody = z.infer<typeof CreateCertificateBodySchema>;
export const UpdateCertificateBodySchema = CertificateFieldsSchema.extend({
  id: z.uuid('注册证书不存在'),
  version: z.number().int().min(1),
});
export type UpdateCertificateBody = z.infer<typeof UpdateCertificateBodySchema>;
export const DeleteCertificateQuerySchema = z.object({
  id: z.uuid('注册证书不存在'),
  version: z.coerce.number().int().min(1),
});
export type DeleteCertificateQuery = z.infer<typeof DeleteCertificateQuerySchema>;
export const CertificateEnvelopeSchema = envelopeOf(CertificateSchema);
export const CertificatesQuerySchema = z.object({ personId: personIdInput('注册人员不存在') });
export const CertificateListEnvelopeSchema = envelopeOf(z.array(CertificateSchema));

// ————— transfers between enterprises (转注册, decision 0059) —————
export const TRANSFER_STATES = [
  'pending',
  'released',
  'refused',
  'approved',
  'rejected',
  'withdrawn',
] as const;
export type TransferState = (typeof TRANSFER_STATES)[number];
/** The states an administrator may still decide (A's refusal is its word, not the decision). */
export const OPEN_TRANSFER_STATES: readonly TransferState[] = ['pending', 'released', 'refused'];
export const TRANSFER_STATE_LABELS: Record<TransferState, string> = {
  pending: '待原企业同意',
  released: '原企业已同意',
  refused: '原企业不同意',
  approved: '已转入',
  rejected: '已驳回',
  withdrawn: '已撤回',
};
/** What a caller may do to a transfer: release (同意转出), refuse (不同意), withdraw (撤回), decide (批准/驳回). */
export const TRANSFER_ACTIONS = ['release', 'refuse', 'withdraw', 'decide'] as const;
export type TransferAction = (typeof TRANSFER_ACTIONS)[number];
export const TransferSchema = z.object({
  id: z.string(),
  /** The caller's part: the enterprise the person leaves (from), the one asking (to), or none. */
  side: z.enum(['from', 'to']).nullable(),
  /** What the caller may do now, decided by the server from its part and the state: the buttons. */
  actions: z.array(z.enum(TRANSFER_ACTIONS)),
  personName: z.string(),
  /** Masked (first 6 and last 4 characters). */
  idNumber: z.string(),
  /**
   * The releasing enterprise: hidden from the asking one ('' and null, as the person's name) until
   * it agrees or an administrator approves, so a request tells nobody who is registered where.
   */
  fromUserId: UserIdSchema.nullable(),
  fromEnterpriseName: z.string(),
  /** Administrators only: whether the number named a passed registration when asked. */
  matched: z.boolean().nullable(),
  toUserId: UserIdSchema,
  toEnterpriseName: z.string(),
  status: z.enum(TRANSFER_STATES),
  reason: z.string(),
  /** The releasing enterprise's reason for refusing ('' unless refused). */
  refusal: z.string(),
  advice: z.string(),
  createdAt: z.string(),
  releasedAt: z.string().nullable(),
  refusedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  version: z.number().int(),
});
export type Transfer = z.infer<typeof TransferSchema>;
export const TransferListQuerySchema = z.object({
  /** Only open transfers (pending, released or refused: an administrator has yet to decide). */
  open: z.enum(['true', 'false']).optional(),
});
export type TransferListQuery = z.infer<typeof TransferListQuerySchema>;
export const TransferListEnvelopeSchema = envelopeOf(z.array(TransferSchema));
export const TransferEnvelopeSchema = envelopeOf(TransferSchema);
export const RequestTransferBodySchema = z.object({
  idNumber: z.string().trim().min(1, '请输入身份证号码').max(18, '身份证号码须为18位'),
  reason: z.string().trim().max(200, '申请说明不能超过200个字符').default(''),
});
export type RequestTransferBody = z.input<typeof RequestTransferBodySchema>;
export const ReleaseTransferBodySchema = z.object({
  id: z.uuid('转注册申请不存在'),
  version: z.number().int().min(1),
});
export type ReleaseTransferBody = z.infer<typeof ReleaseTransferBodySchema>;
export const RefuseTransferBodySchema = ReleaseTransferBodySchema.extend({
  refusal: z
    .string(MARKET_MESSAGES.transferRefusalMissing)
    .trim()
    .min(1, MARKET_MESSAGES.transferRefusalMissing)
    .max(200, '不同意转出的理由不能超过200个字符'),
});
export type RefuseTransferBody = z.input<typeof RefuseTransferBodySchema>;
/** The receiving enterprise takes its request back while no administrator has decided it. */
export const WithdrawTransferBodySchema = ReleaseTransferBodySchema;
export type WithdrawTransferBody = ReleaseTransferBody;
export const DecideTransferBodySchema = ReleaseTransferBodySchema.extend({
  result: z.enum(['approve', 'reject'], '请选择审批结果'),
  advice: z.string().trim().max(200, '审批意见不能超过200个字符').default(''),
});
export type DecideTransferBody = z.input<typeof DecideTransferBodySchema>;

// ————— business handling (/system/transact) —————
export const TransactItemSchema = z.object({
  /** What kind of business: a node of a system the caller may start, or a module page. */
  code: z.string(),
  title: z.string(),
  /** The system (or module) it belongs to. */
  group: z.string(),
  description: z.string(),
  /** The web path that starts it. */
  path: z.string(),
});
export type TransactItem = z.infer<typeof TransactItemSchema>;
export const TransactEnvelopeSchema = envelopeOf(z.array(TransactItemSchema));

/** The administrators' market routes and business handling (decision 0053). */
export const MARKET_PATHS = {
  enterprises: '/ks/basic/enterprises',
  enterpriseExport: '/ks/basic/enterprises/export',
  enterpriseState: '/ks/basic/enterprise/state',
  managedPersonnel: '/ks/basic/personnel/manage',
  managedPerson: '/ks/basic/personnel/manage/detail',
  personnelExport: '/ks/basic/personnel/manage/export',
  practice: '/ks/basic/personnel/practice',
  transact: '/ks/basic/transact',
  linkIdNumber: '/ks/individual/id-number',
  confirmIdNumber: '/ks/individual/id-number/confirm',
  identityClaims: '/ks/basic/identity-claims',
  identityClaimDecide: '/ks/basic/identity-claims/decide',
  certificates: '/ks/basic/personnel/certificates',
  transfers: '/ks/basic/personnel/transfers',
  transferRelease: '/ks/basic/personnel/transfers/release',
  transferRefuse: '/ks/basic/personnel/transfers/refuse',
  transferWithdraw: '/ks/basic/personnel/transfers/withdraw',
  transferDecide: '/ks/basic/personnel/transfers/decide',
} as const;
export const LinkIdNumberEnvelopeSchema = envelopeOf(
  z.object({ idNumber: z.string(), practiceDetails: z.array(PracticeDetailSchema) }),
);
/** The rate limit's message (per enterprise per day, configurable). */
export const transferLimitMessage = (limit: number) =>
  `本企业今日已提交${limit}次转注册申请，已达上限，请明天再试`;
