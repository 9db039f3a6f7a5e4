import { z } from 'zod';
import { envelopeOf } from './envelope.ts';
import { UserIdSchema } from './ids.ts';
import { TRADING_SIDES } from './trading.ts';

/**
 * Clarifications (澄清) and objections (异议) of a bid section's tender documents (issue 28,
 * decision 0078, docs/domain.md §1). The clarification calls are the specification's
 * (/ks/clarify/file/save, submit, audit, send, revoke, delete); the lists, the receipts and the
 * objections are ours, under the same prefixes.
 */
export const CLARIFY_PATHS = {
  list: '/ks/clarify/file/list',
  /** The centre's audit queue: every submitted clarification (administrators only). */
  queue: '/ks/clarify/file/queue',
  detail: '/ks/clarify/file/detail',
  save: '/ks/clarify/file/save',
  submit: '/ks/clarify/file/submit',
  audit: '/ks/clarify/file/audit',
  send: '/ks/clarify/file/send',
  revoke: '/ks/clarify/file/revoke',
  delete: '/ks/clarify/file/delete',
  /** A bidder's own deliveries (enterprise accounts only). */
  received: '/ks/clarify/file/received',
  /** A bidder confirms it received a delivery (确认收到); idempotent. */
  receipt: '/ks/clarify/file/receipt',
  /** GET: an attachment of a clarification the caller may read (its parties, the centre, its recipients). */
  attachment: '/ks/clarify/file/attachment/:fileId',
  /** The sections the caller may draft a clarification for (its own approved projects'). */
  sections: '/ks/clarify/file/sections',
  objections: '/ks/clarify/objection/list',
  /** The sections a bidder may raise an objection on (approved, before their deadline). */
  objectionSections: '/ks/clarify/objection/sections',
  raise: '/ks/clarify/objection/raise',
  answer: '/ks/clarify/objection/answer',
} as const;

export const CLARIFY_MESSAGES = {
  notFound: '澄清文件不存在',
  sectionNotFound: '标段不存在',
  projectNotApproved: '项目审核通过后才能发布澄清',
  partiesOnly: '只有该项目的招标人或招标代理可以编辑澄清文件',
  supervisorReadOnly: '监督人员只能查看，不能办理',
  notAllowed: '当前状态不能进行该操作',
  stale: '该澄清文件已被他人修改，请刷新后重试',
  reasonRequired: '请填写退回理由',
  deliveryNotFound: '澄清通知不存在',
  deadlineNotLater: '新的投标截止时间应晚于原投标截止时间',
  deadlinePassed: '投标截止时间已过，不能再发出澄清',
  fileNotFound: '附件不存在',
  objectionNotFound: '异议不存在',
  objectionBiddersOnly: '只有投标人可以对招标文件提出异议',
  objectionAnswered: '该异议已答复',
  objectionStale: '该异议已被他人处理，请刷新后重试',
  objectionPartiesOnly: '只有该项目的招标人或招标代理可以答复异议',
} as const;

/** 草稿 → 待审核 → 审核通过 → 已发送; 待审核 → 已退回 (edited, resubmitted); 撤回 before sending → 草稿. */
export const CLARIFICATION_STATES = ['draft', 'submitted', 'approved', 'returned', 'sent'] as const;
export type ClarificationState = (typeof CLARIFICATION_STATES)[number];
export const CLARIFICATION_STATE_LABELS: Record<ClarificationState, string> = {
  draft: '草稿',
  submitted: '待审核',
  approved: '审核通过',
  returned: '已退回',
  sent: '已发送',
};

/** The buttons of a clarification; the server answers them per row from the rules it checks. */
export const CLARIFICATION_ACTIONS = [
  'edit',
  'submit',
  'approve',
  'return',
  'send',
  'revoke',
  'delete',
] as const;
export type ClarificationAction = (typeof CLARIFICATION_ACTIONS)[number];
export const CLARIFICATION_ACTION_LABELS: Record<ClarificationAction, string> = {
  edit: '编辑',
  submit: '提交审核',
  approve: '审核通过',
  return: '退回',
  send: '发送',
  revoke: '撤回',
  delete: '删除',
};

/** "YYYY-MM-DD HH:mm", China time, as the trading forms write a planned time. */
const CHINA_TIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}$/;

const text = (label: string, max: number) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(1, `请填写${label}`)
    .max(max, `${label}不能超过${max}个字`);

const version = z.number({ error: '版本号无效' }).int('版本号无效').min(0, '版本号无效');
const clarificationId = z.uuid('澄清文件无效');

export const ClarificationSaveBodySchema = z.object({
  id: clarificationId.optional(),
  version: version.optional(),
  sectionId: z.uuid('请选择标段'),
  title: text('澄清标题', 100),
  content: text('澄清内容', 20000),
  /**
   * The moved bid deadline ("YYYY-MM-DD HH:mm", China time), required when the clarification is
   * sent less than the configured days (15) before the deadline (法 第23条); empty keeps it.
   */
  newBidDeadlineAt: z
    .string()
    .trim()
    .refine((value) => value === '' || CHINA_TIME.test(value), '请选择新的投标截止时间')
    .transform((value) => value.replace('T', ' '))
    .default(''),
  /** The attachments: the caller's own uploads, or files already on the clarification. */
  fileIds: z.array(z.uuid('附件无效'), { error: '附件无效' }).max(20, '附件最多20个').default([]),
});
export type ClarificationSaveBody = z.input<typeof ClarificationSaveBodySchema>;

export const ClarificationVersionBodySchema = z.object({ id: clarificationId, version });
export type ClarificationVersionBody = z.infer<typeof ClarificationVersionBodySchema>;

export const ClarificationAuditBodySchema = z
  .object({
    id: clarificationId,
    version,
    decision: z.enum(['approve', 'return'], { error: '请选择审核结果' }),
    reason: z.string().trim().max(500, '理由不能超过500个字').default(''),
  })
  .refine((body) => body.decision === 'approve' || body.reason !== '', {
    message: '请填写退回理由',
    path: ['reason'],
  });
export type ClarificationAuditBody = z.input<typeof ClarificationAuditBodySchema>;

export const ClarificationRefSchema = z.object({ id: clarificationId });
export const ClarificationListQuerySchema = z.object({
  state: z.enum(CLARIFICATION_STATES).optional(),
  sectionId: z.uuid('标段无效').optional(),
});
export type ClarificationListQuery = z.infer<typeof ClarificationListQuerySchema>;

export const ClarificationHistorySchema = z.object({
  at: z.string(),
  actorName: z.string(),
  action: z.string(),
  reason: z.string(),
});

/** An attachment, downloaded through CLARIFY_PATHS.attachment with the clarification's id. */
export const ClarificationFileSchema = z.object({ id: z.uuid(), fileName: z.string(), url: z.string() });
export type ClarificationFile = z.infer<typeof ClarificationFileSchema>;

/** The download address of a clarification's attachment. */
export const clarificationFileUrl = (clarificationId: string, fileId: string) =>
  `${CLARIFY_PATHS.attachment.replace(':fileId', fileId)}?clarificationId=${clarificationId}`;

export const ClarificationFileParamsSchema = z.object({ fileId: z.uuid('附件无效') });
export const ClarificationFileQuerySchema = z.object({ clarificationId: z.uuid('澄清文件无效') });

/** One delivery as the receipt table shows it (the parties, the centre and supervisors only). */
export const ClarificationReceiptSchema = z.object({
  id: z.uuid(),
  bidderId: UserIdSchema,
  enterpriseName: z.string(),
  downloadedAt: z.string(),
  deliveredAt: z.string(),
  /** When the bidder confirmed receipt (确认收到); null until then. */
  receivedAt: z.string().nullable(),
});
export type ClarificationReceipt = z.infer<typeof ClarificationReceiptSchema>;

export const ClarificationSchema = z.object({
  id: z.uuid(),
  sectionId: z.uuid(),
  sectionCode: z.string(),
  sectionName: z.string(),
  projectId: z.uuid(),
  projectName: z.string(),
  title: z.string(),
  content: z.string(),
  state: z.enum(CLARIFICATION_STATES),
  /** The moved deadline the draft asks for, "YYYY-MM-DD HH:mm"; '' when none. */
  newBidDeadlineAt: z.string(),
  /** The section's bid deadline now, "YYYY-MM-DD HH:mm". */
  bidDeadlineAt: z.string(),
  returnReason: z.string(),
  createdByName: z.string(),
  sentAt: z.string().nullable(),
  updatedAt: z.string(),
  version: z.number().int(),
  side: z.enum(TRADING_SIDES),
  actions: z.array(z.enum(CLARIFICATION_ACTIONS)),
  files: z.array(ClarificationFileSchema),
  /** Deliveries and receipts: only in the detail, only to the parties, the centre and supervisors. */
  receipts: z.array(ClarificationReceiptSchema),
  history: z.array(ClarificationHistorySchema),
});
export type Clarification = z.infer<typeof ClarificationSchema>;
export const ClarificationEnvelopeSchema = envelopeOf(ClarificationSchema);

export const ClarificationRowSchema = ClarificationSchema.omit({
  content: true,
  files: true,
  receipts: true,
  history: true,
}).extend({
  deliveredCount: z.number().int(),
  receivedCount: z.number().int(),
});
export type ClarificationRow = z.infer<typeof ClarificationRowSchema>;
export const ClarificationListSchema = z.object({
  /** Whether the caller may draft one (an enterprise account: it then picks one of its sections). */
  mayDraft: z.boolean(),
  records: z.array(ClarificationRowSchema),
});
export type ClarificationList = z.infer<typeof ClarificationListSchema>;
export const ClarificationListEnvelopeSchema = envelopeOf(ClarificationListSchema);

/** A section offered in a picker (drafting a clarification, raising an objection). */
export const ClarifySectionSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  projectName: z.string(),
  bidDeadlineAt: z.string(),
});
export type ClarifySection = z.infer<typeof ClarifySectionSchema>;
export const ClarifySectionListEnvelopeSchema = envelopeOf(z.array(ClarifySectionSchema));

/** A delivery as its bidder sees it: the clarification's text and its own receipt, nobody else's. */
export const ReceivedClarificationSchema = z.object({
  id: z.uuid(),
  clarificationId: z.uuid(),
  title: z.string(),
  content: z.string(),
  files: z.array(ClarificationFileSchema),
  sectionCode: z.string(),
  sectionName: z.string(),
  projectName: z.string(),
  bidDeadlineAt: z.string(),
  deliveredAt: z.string(),
  receivedAt: z.string().nullable(),
  /** ['receive'] until confirmed. */
  actions: z.array(z.literal('receive')),
});
export type ReceivedClarification = z.infer<typeof ReceivedClarificationSchema>;
export const ReceivedClarificationListEnvelopeSchema = envelopeOf(z.array(ReceivedClarificationSchema));
export const ReceivedClarificationEnvelopeSchema = envelopeOf(ReceivedClarificationSchema);
export const DeliveryRefSchema = z.object({ id: z.uuid('澄清通知无效') });

/** Objections: open until the tenderee or agent answers; the section is paused meanwhile. */
export const OBJECTION_STATES = ['open', 'answered'] as const;
export type ObjectionState = (typeof OBJECTION_STATES)[number];
export const OBJECTION_STATE_LABELS: Record<ObjectionState, string> = {
  open: '待答复',
  answered: '已答复',
};

export const ObjectionRaiseBodySchema = z.object({
  sectionId: z.uuid('请选择标段'),
  content: text('异议内容', 5000),
});
export type ObjectionRaiseBody = z.input<typeof ObjectionRaiseBodySchema>;

export const ObjectionAnswerBodySchema = z.object({
  id: z.uuid('异议无效'),
  version,
  answer: text('答复内容', 5000),
});
export type ObjectionAnswerBody = z.input<typeof ObjectionAnswerBodySchema>;

export const ObjectionSchema = z.object({
  id: z.uuid(),
  sectionId: z.uuid(),
  sectionCode: z.string(),
  sectionName: z.string(),
  projectName: z.string(),
  /** The raising enterprise's name: to its own account, the parties, the centre and supervisors. */
  raisedByName: z.string(),
  content: z.string(),
  raisedAt: z.string(),
  /** The last China date the answer is due (条例 第22条: within 3 days), YYYY-MM-DD. */
  answerDue: z.string(),
  state: z.enum(OBJECTION_STATES),
  answer: z.string(),
  answeredAt: z.string().nullable(),
  answeredByName: z.string(),
  version: z.number().int(),
  side: z.enum(TRADING_SIDES),
  actions: z.array(z.literal('answer')),
});
export type Objection = z.infer<typeof ObjectionSchema>;
export const ObjectionEnvelopeSchema = envelopeOf(ObjectionSchema);
export const ObjectionListSchema = z.object({
  /** Whether the caller may raise one (an enterprise account; the server checks the section). */
  mayRaise: z.boolean(),
  records: z.array(ObjectionSchema),
});
export type ObjectionList = z.infer<typeof ObjectionListSchema>;
export const ObjectionListEnvelopeSchema = envelopeOf(ObjectionListSchema);
