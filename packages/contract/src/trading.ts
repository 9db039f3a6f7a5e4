import { z } from 'zod';
import { envelopeOf } from './envelope.ts';
import { PHONE_PATTERN } from './session.ts';

/**
 * The trading process's first slice (issue 28, decisions 0072 and 0073): a project's entry (进场)
 * with its bid sections (标段), the parties on it, the centre's approval and the five-in-one page.
 * Wire paths are the specification's (/ks/xmrc/v1/bd/save, bd-files, bd/attachments,
 * /ks/trade/buttons, overview-status, update-principal).
 */

/** 标段 types the entry form offers. */
export const SECTION_TYPES = ['施工', '监理', '设计', '勘察', '货物', '服务'] as const;
export type SectionType = (typeof SECTION_TYPES)[number];

/** 评标办法. */
export const EVALUATION_METHODS = ['经评审的最低投标价法', '综合评估法', '合理低价法', '评定分离'] as const;

/** A project's states: 草稿 → 待审核 → 已通过 / 已退回 (a returned project is edited and resubmitted). */
export const PROJECT_STATES = ['draft', 'pending', 'approved', 'returned'] as const;
export type ProjectState = (typeof PROJECT_STATES)[number];
export const PROJECT_STATE_LABELS: Record<ProjectState, string> = {
  draft: '草稿',
  pending: '待审核',
  approved: '已通过',
  returned: '已退回',
};

/** Which side of a project the caller is on, as the server answers it (never computed by the web). */
export const TRADING_SIDES = ['centre', 'supervisor', 'tenderee', 'agent', 'bidder', 'none'] as const;
export type TradingSide = (typeof TRADING_SIDES)[number];
export const TRADING_SIDE_LABELS: Record<TradingSide, string> = {
  centre: '交易中心',
  supervisor: '监督',
  tenderee: '招标人',
  agent: '招标代理',
  bidder: '投标人',
  none: '无',
};

/** The capacity an enterprise enters a project in. */
export const PARTY_CAPACITIES = ['tenderee', 'agent'] as const;
export type PartyCapacity = (typeof PARTY_CAPACITIES)[number];

/** What the caller may do to a project now: the buttons, from the rule table the writes check. */
export const TRADING_ACTIONS = ['edit', 'submit', 'approve', 'return', 'updatePrincipal'] as const;
export type TradingAction = (typeof TRADING_ACTIONS)[number];
export const TRADING_ACTION_LABELS: Record<TradingAction, string> = {
  edit: '编辑',
  submit: '提交审核',
  approve: '审核通过',
  return: '退回',
  updatePrincipal: '变更负责人',
};

/** Sane caps: amounts in 元 up to one trillion, two decimals. */
export const MAX_AMOUNT = 1_000_000_000_000;
export const MAX_SECTIONS = 20;

export const TRADING_MESSAGES = {
  projectNotFound: '项目不存在',
  sectionNotFound: '标段不存在',
  supervisorReadOnly: '监督人员只能查看，不能办理',
  notAllowed: '当前状态下不能进行此操作',
  stale: '项目已被他人修改，请刷新后重试',
  tendereeRequired: '请填写招标人名称',
  fileNotFound: '附件不存在或不属于您',
  noticeInPast: '公告发布时间不能早于当前时间',
  reasonRequired: '请填写原因',
  sectionOfOtherProject: '标段不属于该项目',
} as const;

/** "YYYY-MM-DD HH:mm", China time (the form's datetime input; the server reads it as +08:00). */
const PLANNED_TIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}$/;
const plannedTime = (label: string) =>
  z
    .string({ error: `请选择${label}` })
    .trim()
    .regex(PLANNED_TIME, `请选择${label}`)
    .transform((value) => value.replace('T', ' '));

const amount = (label: string) =>
  z
    .number({ error: `请填写${label}` })
    .min(0, `${label}不能小于0`)
    .max(MAX_AMOUNT, `${label}不能超过1万亿元`)
    .refine((value) => Math.round(value * 100) === value * 100, `${label}最多保留两位小数`);

const text = (label: string, max: number) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(1, `请填写${label}`)
    .max(max, `${label}不能超过${max}个字`);

/**
 * The planned dates of a section, kept together so the statutory limits (`checkTimeline`, built
 * separately) can be handed them as one value.
 */
export const PlannedDatesSchema = z.object({
  noticeAt: plannedTime('公告发布时间'),
  saleStartAt: plannedTime('文件发售开始时间'),
  saleEndAt: plannedTime('文件发售截止时间'),
  bidDeadlineAt: plannedTime('投标截止时间'),
  openingAt: plannedTime('开标时间'),
});
export type PlannedDates = z.infer<typeof PlannedDatesSchema>;

/** The order planned dates must keep; each broken step is reported under its later field. */
export const DATE_ORDER: readonly {
  before: keyof PlannedDates;
  after: keyof PlannedDates;
  strict: boolean;
  message: string;
}[] = [
  {
    before: 'noticeAt',
    after: 'saleStartAt',
    strict: false,
    message: '文件发售开始时间不能早于公告发布时间',
  },
  {
    before: 'saleStartAt',
    after: 'saleEndAt',
    strict: true,
    message: '文件发售截止时间应在发售开始时间之后',
  },
  {
    before: 'saleEndAt',
    after: 'bidDeadlineAt',
    strict: true,
    message: '投标截止时间应在文件发售截止时间之后',
  },
  { before: 'bidDeadlineAt', after: 'openingAt', strict: false, message: '开标时间不能早于投标截止时间' },
];

export const SectionInputSchema = z
  .object({
    /** Present when an existing section is edited. */
    id: z.uuid('标段无效').optional(),
    name: text('标段名称', 100),
    type: z.enum(SECTION_TYPES, { error: '请选择标段类型' }),
    estimatePrice: amount('估算金额'),
    /** 最高投标限价 in 元, or null when it is set later — then `controlPriceNote` says how. */
    controlPrice: amount('最高投标限价').nullable(),
    controlPriceNote: z.string().trim().max(200, '限价说明不能超过200个字').default(''),
    qualification: text('资格要求', 2000),
    evaluationMethod: z.enum(EVALUATION_METHODS, { error: '请选择评标办法' }),
    ...PlannedDatesSchema.shape,
  })
  .superRefine((section, ctx) => {
    if (section.controlPrice === null && section.controlPriceNote === '')
      ctx.addIssue({
        code: 'custom',
        path: ['controlPriceNote'],
        message: '未填写最高投标限价时，请说明其确定方式',
      });
    // The control price may not exceed the approved estimate (domain guide §11, C18).
    if (section.controlPrice !== null && section.controlPrice > section.estimatePrice)
      ctx.addIssue({ code: 'custom', path: ['controlPrice'], message: '最高投标限价不能高于估算金额' });
    for (const step of DATE_ORDER) {
      const before = section[step.before];
      const after = section[step.after];
      if (step.strict ? after <= before : after < before)
        ctx.addIssue({ code: 'custom', path: [step.after], message: step.message });
    }
  });
export type SectionInput = z.input<typeof SectionInputSchema>;

/** POST /ks/xmrc/v1/bd/save: a project and its sections, saved as a draft (new or 草稿/已退回). */
export const ProjectSaveBodySchema = z
  .object({
    id: z.uuid('项目无效').optional(),
    version: z.number().int().min(0).optional(),
    name: text('项目名称', 100),
    /** The caller's capacity on the project: the tenderee itself, or its agent. */
    capacity: z.enum(PARTY_CAPACITIES, { error: '请选择您的身份' }),
    /** The tenderee's name, when the caller is its agent (the tenderee's own name otherwise). */
    tendereeName: z.string().trim().max(100, '招标人名称不能超过100个字').default(''),
    principal: text('项目负责人', 30),
    principalPhone: z
      .string({ error: '请填写负责人电话' })
      .trim()
      .regex(PHONE_PATTERN, '请输入正确的手机号码'),
    sections: z
      .array(SectionInputSchema, { error: '请至少填写一个标段' })
      .min(1, '请至少填写一个标段')
      .max(MAX_SECTIONS, `一个项目最多${MAX_SECTIONS}个标段`),
  })
  .superRefine((body, ctx) => {
    if (body.capacity === 'agent' && body.tendereeName === '')
      ctx.addIssue({ code: 'custom', path: ['tendereeName'], message: TRADING_MESSAGES.tendereeRequired });
    if (body.id !== undefined && body.version === undefined)
      ctx.addIssue({ code: 'custom', path: ['version'], message: '缺少版本号' });
  });
export type ProjectSaveBody = z.input<typeof ProjectSaveBodySchema>;

export const SectionSchema = z.object({
  id: z.string(),
  code: z.string(),
  projectId: z.string(),
  name: z.string(),
  type: z.enum(SECTION_TYPES),
  estimatePrice: z.number(),
  controlPrice: z.number().nullable(),
  controlPriceNote: z.string(),
  qualification: z.string(),
  evaluationMethod: z.string(),
  noticeAt: z.string(),
  saleStartAt: z.string(),
  saleEndAt: z.string(),
  bidDeadlineAt: z.string(),
  openingAt: z.string(),
  attachmentCount: z.number().int(),
});
export type Section = z.infer<typeof SectionSchema>;

export const HistoryEntrySchema = z.object({
  at: z.string(),
  actorName: z.string(),
  action: z.string(),
  reason: z.string(),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

export const ProjectSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  state: z.enum(PROJECT_STATES),
  tendereeName: z.string(),
  agentName: z.string().nullable(),
  principal: z.string(),
  principalPhone: z.string(),
  returnReason: z.string(),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
  version: z.number().int(),
  side: z.enum(TRADING_SIDES),
  actions: z.array(z.enum(TRADING_ACTIONS)),
  sections: z.array(SectionSchema),
  history: z.array(HistoryEntrySchema),
});
export type Project = z.infer<typeof ProjectSchema>;
export const ProjectEnvelopeSchema = envelopeOf(ProjectSchema);

export const ProjectRowSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  state: z.enum(PROJECT_STATES),
  tendereeName: z.string(),
  agentName: z.string().nullable(),
  sectionCount: z.number().int(),
  updatedAt: z.string(),
  side: z.enum(TRADING_SIDES),
});
export type ProjectRow = z.infer<typeof ProjectRowSchema>;
export const ProjectListSchema = z.object({
  /** The caller's standing, so the list page offers entry only to enterprises (server-decided). */
  mayEnter: z.boolean(),
  records: z.array(ProjectRowSchema),
});
export type ProjectList = z.infer<typeof ProjectListSchema>;
export const ProjectListEnvelopeSchema = envelopeOf(ProjectListSchema);

export const ProjectListQuerySchema = z.object({
  state: z.enum(PROJECT_STATES, { error: '状态无效' }).optional(),
  keyword: z.string().trim().max(50, '关键字不能超过50个字').optional(),
});
export type ProjectListQuery = z.infer<typeof ProjectListQuerySchema>;

export const ProjectIdParamsSchema = z.object({ id: z.uuid('项目无效') });

export const ProjectVersionBodySchema = z.object({
  id: z.uuid('项目无效'),
  version: z.number({ error: '缺少版本号' }).int().min(0),
});
export type ProjectVersionBody = z.infer<typeof ProjectVersionBodySchema>;

/** The centre's decision on a submitted project; a return needs its reason. */
export const ProjectReviewBodySchema = ProjectVersionBodySchema.extend({
  decision: z.enum(['approve', 'return'], { error: '请选择审核结果' }),
  reason: z.string().trim().max(500, '原因不能超过500个字').default(''),
}).superRefine((body, ctx) => {
  if (body.decision === 'return' && body.reason === '')
    ctx.addIssue({ code: 'custom', path: ['reason'], message: '请填写退回原因' });
});
export type ProjectReviewBody = z.input<typeof ProjectReviewBodySchema>;

/** POST /ks/trade/update-principal: who is responsible now, and why it changed. */
export const UpdatePrincipalBodySchema = ProjectVersionBodySchema.extend({
  principal: text('项目负责人', 30),
  principalPhone: z.string({ error: '请填写负责人电话' }).trim().regex(PHONE_PATTERN, '请输入正确的手机号码'),
  reason: text('变更原因', 500),
});
export type UpdatePrincipalBody = z.input<typeof UpdatePrincipalBodySchema>;

export const SectionRefSchema = z.object({ sectionId: z.uuid('标段无效') });
export type SectionRef = z.infer<typeof SectionRefSchema>;

/** POST /ks/xmrc/v1/bd/attachments: the section's attachments are exactly these uploaded files. */
export const SectionAttachmentsBodySchema = z.object({
  sectionId: z.uuid('标段无效'),
  fileIds: z.array(z.uuid('附件无效')).max(20, '一个标段最多20个附件'),
});
export type SectionAttachmentsBody = z.infer<typeof SectionAttachmentsBodySchema>;

export const SectionFileSchema = z.object({ id: z.string(), fileName: z.string(), url: z.string() });
export type SectionFile = z.infer<typeof SectionFileSchema>;
export const SectionFileListEnvelopeSchema = envelopeOf(z.array(SectionFileSchema));

/** /ks/trade/buttons and overview-status: a section's state and what the caller may do to it. */
export const SectionStatusSchema = z.object({
  sectionId: z.string(),
  projectId: z.string(),
  state: z.enum(PROJECT_STATES),
  stateLabel: z.string(),
  side: z.enum(TRADING_SIDES),
  actions: z.array(z.enum(TRADING_ACTIONS)),
});
export type SectionStatus = z.infer<typeof SectionStatusSchema>;
export const SectionStatusEnvelopeSchema = envelopeOf(SectionStatusSchema);
