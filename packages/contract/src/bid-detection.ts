import { z } from 'zod';
import { envelopeOf } from './envelope.ts';
import { text } from './text.ts';

/**
 * Bid documents (投标文件, issue 19, `/ks/file/detection/*`): the bidders'
 * PDF documents of a cost project (xmId), checked against what the tender asks — required chapters
 * in order (directories), claimed 业绩 against the enterprise's approved performance records
 * (achievement), objectively computable score items (score) — and the publication of the result
 * to each bidder for a configured period (publicity). Decision 0052.
 */

const uuid = (message: string) => z.string(message).regex(/^[0-9a-f-]{36}$/i, message);

export const BID_DOCUMENT_STATES = ['pending', 'parsing', 'scanned', 'failed', 'checked'] as const;
export type BidDocumentStateValue = (typeof BID_DOCUMENT_STATES)[number];
export const BID_DOCUMENT_STATE_LABELS: Record<BidDocumentStateValue, string> = {
  pending: '未解析',
  parsing: '解析中',
  scanned: '扫描件',
  failed: '解析失败',
  checked: '已检测',
};

export const BID_MESSAGES = {
  scanned: '该文件为扫描件，无法提取文字，请上传可检索的 PDF',
  encrypted: '该 PDF 已加密，无法提取文字，请上传未加密的文件',
  broken: '该文件不是有效的 PDF 或已损坏，无法解析',
  /** A PDF whose reading passed its memory or time limits (decision 0071). */
  tooLarge: '投标文件过大或过于复杂，无法检测',
  tooManyPages: (max: number) => `投标文件超过${max}页，无法检测`,
  storedGone: '原始文件已被删除，无法解析',
  unavailable: '解析服务暂时不可用，请稍后重新检测',
  notPdf: '投标文件须为 PDF 格式（.pdf）',
  projectMissing: '项目不存在',
  documentMissing: '投标文件不存在',
  storedMissing: '文件不存在',
  bidderRequired: '请选择投标企业或输入投标人名称',
  bidderMissing: '所选投标企业不存在或已注销',
  duplicate: '该投标人已上传投标文件，请先删除原文件',
  deleteOwnOnly: '只能删除本单位上传的投标文件',
  notPublished: '检测结果尚未公示，暂不能查看',
  notABidder: '您不是该项目的投标人',
  publicityClosed: '检测结果公示期已结束',
  nothingToPublish: '尚无检测完成的投标文件，无法公示',
  alreadyOpen: '检测结果正在公示中',
  notOpen: '当前没有正在进行的公示',
  noRequirements: '尚未配置招标要求，请先配置必备章节与评分项',
  duplicateChapter: '必备章节不能重复',
  onePriceItem: '投标报价得分项只能有一个',
  keywordsRequired: '关键词评分项至少需要一个关键词',
} as const;

/** The annex slot bid documents are uploaded into (PDF only). */
export const BID_FILE_SLOT = {
  gnCoding: 'fileAnalysis',
  annexNo: 'bidPdf',
  annexName: '投标文件',
} as const;

// ---------------------------------------------------------------- tender requirements

export const BID_SCORE_KINDS = ['keyword', 'price'] as const;
export const BID_SCORE_KIND_LABELS: Record<(typeof BID_SCORE_KINDS)[number], string> = {
  keyword: '关键内容得分',
  price: '投标报价得分',
};

const name = (label: string, max: number) =>
  text().trim().min(1, `请输入${label}`).max(max, `${label}不能超过${max}个字`);

export const BidScoreItemSchema = z.object({
  kind: z.enum(BID_SCORE_KINDS, '请选择评分方式'),
  name: name('评分项名称', 50),
  /** Full marks of the item. */
  points: z.number('请输入分值').min(0.5, '分值不能小于0.5').max(100, '分值不能超过100'),
  /** `keyword`: the item scores when every keyword is found in the document. */
  keywords: z.array(name('关键词', 30)).max(10, '关键词不能超过10个').default([]),
});
export type BidScoreItem = z.infer<typeof BidScoreItemSchema>;

export const BidRequirementsSchema = z.object({
  xmId: z.string(),
  /** Required chapters, in the order the document must have them. */
  chapters: z.array(z.string()),
  scoreItems: z.array(BidScoreItemSchema),
  publicityDays: z.number().int(),
  version: z.number().int(),
  updatedAt: z.string().nullable(),
});
export type BidRequirements = z.infer<typeof BidRequirementsSchema>;
export const BidRequirementsEnvelopeSchema = envelopeOf(BidRequirementsSchema);

export const XmIdBodySchema = z.object({ xmId: uuid('项目编号无效') });
export type XmIdBody = z.infer<typeof XmIdBodySchema>;

export const SaveBidRequirementsBodySchema = z
  .object({
    xmId: uuid('项目编号无效'),
    chapters: z.array(name('章节名称', 30)).min(1, '请至少配置一个必备章节').max(40, '必备章节不能超过40个'),
    scoreItems: z.array(BidScoreItemSchema).max(30, '评分项不能超过30个'),
    publicityDays: z
      .number('请输入公示天数')
      .int('公示天数须为整数')
      .min(1, '公示天数至少为1天')
      .max(30, '公示天数不能超过30天'),
    /** The version read (0 when none was saved yet): a concurrent edit is refused. */
    version: z.number().int().min(0),
  })
  .superRefine((body, ctx) => {
    if (new Set(body.chapters).size !== body.chapters.length)
      ctx.addIssue({ code: 'custom', path: ['chapters'], message: BID_MESSAGES.duplicateChapter });
    if (body.scoreItems.filter((i) => i.kind === 'price').length > 1)
      ctx.addIssue({ code: 'custom', path: ['scoreItems'], message: BID_MESSAGES.onePriceItem });
    body.scoreItems.forEach((item, index) => {
      if (item.kind === 'keyword' && item.keywords.length === 0)
        ctx.addIssue({
          code: 'custom',
          path: ['scoreItems', index, 'keywords'],
          message: BID_MESSAGES.keywordsRequired,
        });
    });
  });
export type SaveBidRequirementsBody = z.infer<typeof SaveBidRequirementsBodySchema>;

/** The saved requirements and how many documents are being detected again against them. */
export const SavedBidRequirementsSchema = BidRequirementsSchema.extend({ redetected: z.number().int() });
export type SavedBidRequirements = z.infer<typeof SavedBidRequirementsSchema>;
export const SavedBidRequirementsEnvelopeSchema = envelopeOf(SavedBidRequirementsSchema);

// ---------------------------------------------------------------- documents

export const AttachBidDocumentBodySchema = z.object({
  projectId: uuid('项目不存在'),
  fileId: uuid('文件不存在'),
  /**
   * An administrator's upload: the bidder's enterprise account chosen from the registered
   * enterprises; without it the bidder is named and matched to an enterprise by that exact name.
   * An enterprise's own upload is always its own, under its own name.
   */
  bidderUserId: uuid(BID_MESSAGES.bidderMissing).optional(),
  bidderName: text().trim().max(100, '投标人名称不能超过100个字').default(''),
});
export type AttachBidDocumentBody = z.infer<typeof AttachBidDocumentBodySchema>;

export const BidDocumentParamsSchema = z.object({ id: uuid('投标文件不存在') });

export const BID_DOCUMENT_ACTIONS = ['delete'] as const;
export type BidDocumentAction = (typeof BID_DOCUMENT_ACTIONS)[number];
export const BID_PROJECT_ACTIONS = ['requirements', 'redetect', 'publicity'] as const;
export type BidProjectAction = (typeof BID_PROJECT_ACTIONS)[number];

/** One bid document's detection state (the `status` answer, per document). */
export const BidDocumentStateSchema = z.object({
  documentId: z.string(),
  bidderName: z.string(),
  fileName: z.string(),
  state: z.enum(BID_DOCUMENT_STATES),
  errorMessage: z.string(),
  pageCount: z.number().int(),
  /** Findings of the directories check (missing or out of order chapters). */
  directoryFindings: z.number().int(),
  /** Claimed 业绩 not found among the enterprise's approved records. */
  achievementFindings: z.number().int(),
  /** Points of the computed score items, as a decimal string; null until checked. */
  score: z.string().nullable(),
  checkedAt: z.string().nullable(),
  /** What the caller may do with it (the centre deletes any document, an enterprise its own). */
  actions: z.array(z.enum(BID_DOCUMENT_ACTIONS)),
});
export type BidDocumentState = z.infer<typeof BidDocumentStateSchema>;

export const BidDocumentListSchema = z.object({
  xmId: z.string(),
  projectName: z.string(),
  documents: z.array(BidDocumentStateSchema),
  /** What the caller may do on the project's documents (the centre: requirements, re-detection, publicity). */
  actions: z.array(z.enum(BID_PROJECT_ACTIONS)),
  /** The centre chooses or names the bidder of an upload; an enterprise's upload is its own. */
  choosesBidder: z.boolean(),
});
export type BidDocumentList = z.infer<typeof BidDocumentListSchema>;
export const BidDocumentListEnvelopeSchema = envelopeOf(BidDocumentListSchema);
export const BidDocumentEnvelopeSchema = envelopeOf(BidDocumentStateSchema);

// ---------------------------------------------------------------- results

export const BidResultBodySchema = z.object({
  xmId: uuid('项目编号无效'),
  documentId: uuid('投标文件不存在'),
});
export type BidResultBody = z.infer<typeof BidResultBodySchema>;

export const DirectoryRowSchema = z.object({
  chapter: z.string(),
  /** Position in the required order (1-based). */
  order: z.number().int(),
  /** `ok`: found in order; `missing`: not found; `out-of-order`: found before a chapter it must follow. */
  result: z.enum(['ok', 'missing', 'out-of-order']),
  /** The page the chapter's heading is on, null when missing. */
  page: z.number().int().nullable(),
  message: z.string(),
});
export type DirectoryRow = z.infer<typeof DirectoryRowSchema>;

export const AchievementRowSchema = z.object({
  projectName: z.string(),
  /** 合同金额 as claimed, in 万元 (decimal string). */
  claimedAmount: z.string(),
  page: z.number().int(),
  result: z.enum(['matched', 'amount-differs', 'not-found']),
  /** The approved record's amount (万元) when one of that name was found. */
  recordAmount: z.string().nullable(),
  message: z.string(),
});
export type AchievementRow = z.infer<typeof AchievementRowSchema>;

export const ScoreRowSchema = z.object({
  kind: z.enum(BID_SCORE_KINDS),
  name: z.string(),
  maxPoints: z.string(),
  /** Points given (decimal string), null when the item could not be computed. */
  points: z.string().nullable(),
  evidence: z.string(),
  page: z.number().int().nullable(),
});
export type ScoreRow = z.infer<typeof ScoreRowSchema>;

const resultHead = {
  documentId: z.string(),
  bidderName: z.string(),
  state: z.enum(BID_DOCUMENT_STATES),
  errorMessage: z.string(),
  checkedAt: z.string().nullable(),
};

export const DirectoriesResultSchema = z.object({ ...resultHead, rows: z.array(DirectoryRowSchema) });
export type DirectoriesResult = z.infer<typeof DirectoriesResultSchema>;
export const DirectoriesEnvelopeSchema = envelopeOf(DirectoriesResultSchema);

export const AchievementResultSchema = z.object({
  ...resultHead,
  /** No 业绩 chapter or no claims found: said, not passed silently. */
  note: z.string(),
  rows: z.array(AchievementRowSchema),
});
export type AchievementResult = z.infer<typeof AchievementResultSchema>;
export const AchievementEnvelopeSchema = envelopeOf(AchievementResultSchema);

export const ScoreResultSchema = z.object({
  ...resultHead,
  total: z.string().nullable(),
  maxTotal: z.string(),
  rows: z.array(ScoreRowSchema),
});
export type ScoreResult = z.infer<typeof ScoreResultSchema>;
export const ScoreEnvelopeSchema = envelopeOf(ScoreResultSchema);

// ---------------------------------------------------------------- publicity

export const PUBLICITY_STATES = ['none', 'open', 'closed'] as const;
export const PUBLICITY_STATE_LABELS: Record<(typeof PUBLICITY_STATES)[number], string> = {
  none: '未公示',
  open: '公示中',
  closed: '公示已结束',
};

export const PublicitySchema = z.object({
  xmId: z.string(),
  state: z.enum(PUBLICITY_STATES),
  publicityDays: z.number().int(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
});
export type Publicity = z.infer<typeof PublicitySchema>;
export const PublicityEnvelopeSchema = envelopeOf(PublicitySchema);

export const PublicityActionBodySchema = z.object({
  xmId: uuid('项目编号无效'),
  /** Without action the state is read; `publish` opens the window, `close` ends it early. */
  action: z.enum(['publish', 'close'], '操作无效').optional(),
});
export type PublicityActionBody = z.infer<typeof PublicityActionBodySchema>;
