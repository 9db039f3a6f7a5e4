import { z } from 'zod';
import { envelopeOf, pageOf } from './envelope.ts';
import { BusinessIdSchema, UserIdSchema } from './ids.ts';
import { ENTERPRISE_TYPES } from './session.ts';

/**
 * Credit evaluation (信用评价, issue 18; docs/domain.md §8): the catalogue of credit item types, the
 * score model and grade bands, an enterprise's credit file, the public credit list and the
 * commitment letter. The credit items themselves are engine records of the 信用信息 system.
 */

export const CREDIT_SYSTEM_CODING = 'KS_XYXX';
export const CREDIT_CLASSES = ['basic', 'good', 'bad'] as const;
export type CreditClass = (typeof CREDIT_CLASSES)[number];
export const CREDIT_CLASS_LABELS: Record<CreditClass, string> = {
  basic: '基本信用信息',
  good: '优良信用信息',
  bad: '不良信用信息',
};
/** The node of each class in the 信用信息 system. */
export const CREDIT_NODE_OF: Record<CreditClass, string> = {
  basic: 'XYXX_JBXX',
  good: 'XYXX_YLXX',
  bad: 'XYXX_BLXX',
};
export const CREDIT_SEVERITIES = ['A', 'B', 'C'] as const;
export const CREDIT_SEVERITY_LABELS: Record<(typeof CREDIT_SEVERITIES)[number], string> = {
  A: 'A（严重）',
  B: 'B（较重）',
  C: 'C（一般）',
};
/** The annex slot of a bad item's penalty decision. */
export const CREDIT_PENALTY_ANNEX = 'penalty_doc';

export const CREDIT_MESSAGES = {
  overMax: (max: number) =>
    `分数不能超过该事项的最高分${max}分；如需变更分数，请作废本条申报后重新添加其他事项`,
  /** The same rule when a reviewer passes a change (the shorter form on review). */
  overMaxOnReview: (max: number) => `分数不能超过该事项的最高分${max}分，请重新填写`,
  negative: '分数不能为负数，请重新填写',
  endBeforeStart: '结束时间不能小于开始时间',
  penaltyMissing: '不良信用信息须上传行政处罚决定书',
  typeNotForEnterprise: '所选信用事项不适用于本企业类型',
  chooseQyTypeFirst: '请先选择企业类型',
  letterStale: '承诺书内容已更新，请重新阅读后签署',
  letterSigned: '您已签署当前版本的信用承诺书',
  enterpriseOnly: '仅企业用户可以签署信用承诺书',
  notEnterprise: '该用户不是企业用户',
  bandsOrder: '等级分数线须从高到低排列且不重复',
} as const;

const score = z.number('请输入分数').min(0, CREDIT_MESSAGES.negative).max(100000, '分数过大');

export const CreditItemTypeSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  qyType: z.string(),
  creditClass: z.enum(CREDIT_CLASSES),
  maxScore: z.number(),
  windowMonths: z.number().int(),
  defaultSeverity: z.string(),
  suggestion: z.boolean(),
  sort: z.number().int(),
  version: z.number().int(),
});
export type CreditItemType = z.infer<typeof CreditItemTypeSchema>;
export const CreditItemTypeListEnvelopeSchema = envelopeOf(z.array(CreditItemTypeSchema));
export const CreditItemTypeEnvelopeSchema = envelopeOf(CreditItemTypeSchema);

export const CreditItemTypeQuerySchema = z.object({
  qyType: z.string().trim().max(20).optional(),
  creditClass: z.enum(CREDIT_CLASSES, '信用类别无效').optional(),
});
export const SaveCreditItemTypeBodySchema = z.object({
  code: z
    .string('请输入事项编码')
    .trim()
    .regex(/^[A-Z][A-Z0-9_-]{1,31}$/, '事项编码须以大写字母开头，由大写字母、数字、下划线或横线组成'),
  name: z.string('请输入事项名称').trim().min(1, '请输入事项名称').max(60, '事项名称不能超过60个字符'),
  qyType: z.enum(ENTERPRISE_TYPES, '请选择企业类型'),
  creditClass: z.enum(CREDIT_CLASSES, '请选择信用类别'),
  maxScore: score,
  windowMonths: z
    .number('请输入公示期')
    .int('公示期须为整数月')
    .min(0, '公示期不能为负数')
    .max(120, '公示期不能超过120个月'),
  defaultSeverity: z.enum(['', ...CREDIT_SEVERITIES], '不良等级无效').default(''),
  sort: z.number().int().min(0).max(9999).default(0),
});
export type SaveCreditItemTypeBody = z.infer<typeof SaveCreditItemTypeBodySchema>;
export const UpdateCreditItemTypeBodySchema = SaveCreditItemTypeBodySchema.extend({
  id: z.uuid('信用事项不存在'),
  version: z.number().int(),
});
export type UpdateCreditItemTypeBody = z.infer<typeof UpdateCreditItemTypeBodySchema>;
export const CreditIdParamsSchema = z.object({ id: z.uuid('信用事项不存在') });

export const CreditGradeBandSchema = z.object({
  grade: z.string().trim().min(1, '请输入等级').max(8, '等级不能超过8个字符'),
  min: z.number('请输入分数线').min(0, '分数线不能为负数'),
});
export const CreditScoreModelSchema = z.object({
  modelVersion: z.number().int(),
  base: z.number(),
  fullScore: z.number(),
  goodCap: z.number().nullable(),
  badCap: z.number().nullable(),
  basicCounts: z.boolean(),
  bands: z.array(CreditGradeBandSchema),
  createdAt: z.string(),
});
export type CreditScoreModel = z.infer<typeof CreditScoreModelSchema>;
export const CreditScoreModelEnvelopeSchema = envelopeOf(CreditScoreModelSchema);
export const SaveCreditScoreModelBodySchema = z
  .object({
    base: score,
    fullScore: z.number('请输入满分').positive('满分须大于0').max(100000, '分数过大'),
    goodCap: score.nullable().default(null),
    badCap: score.nullable().default(null),
    basicCounts: z.boolean().default(false),
    bands: z.array(CreditGradeBandSchema).min(1, '请设置等级分数线').max(10, '等级不能超过10个'),
    /** The model the caller read: a newer one in between is a conflict. */
    modelVersion: z.number().int(),
  })
  .refine((body) => body.base <= body.fullScore, { message: '基础分不能超过满分', path: ['base'] })
  .refine(
    (body) =>
      body.bands.every(
        (band, index) => index === 0 || band.min < (body.bands[index - 1] as { min: number }).min,
      ) && new Set(body.bands.map((band) => band.grade)).size === body.bands.length,
    { message: CREDIT_MESSAGES.bandsOrder, path: ['bands'] },
  );
export type SaveCreditScoreModelBody = z.infer<typeof SaveCreditScoreModelBodySchema>;

export const CreditItemSchema = z.object({
  id: z.string(),
  businessId: BusinessIdSchema,
  creditClass: z.enum(CREDIT_CLASSES),
  itemType: z.string(),
  itemName: z.string(),
  score: z.number(),
  severity: z.string(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  /** Whether today lies in its publication window (only those count). */
  counting: z.boolean(),
});
export type CreditItem = z.infer<typeof CreditItemSchema>;
export const CreditHistoryPointSchema = z.object({
  score: z.number(),
  grade: z.string(),
  reason: z.string(),
  modelVersion: z.number().int(),
  computedAt: z.string(),
});
export type CreditHistoryPoint = z.infer<typeof CreditHistoryPointSchema>;
export const CreditRecordSchema = z.object({
  userId: UserIdSchema,
  enterpriseName: z.string(),
  creditCode: z.string(),
  qyType: z.string(),
  score: z.number().nullable(),
  grade: z.string(),
  computedAt: z.string().nullable(),
  items: z.array(CreditItemSchema),
  history: z.array(CreditHistoryPointSchema),
});
export type CreditRecord = z.infer<typeof CreditRecordSchema>;
export const CreditRecordEnvelopeSchema = envelopeOf(CreditRecordSchema);
export const CreditRecordQuerySchema = z.object({ userId: z.uuid('企业不存在').optional() });

export const CreditListRowSchema = z.object({
  /** The enterprise account: absent for a caller without a session (the public-service variant). */
  userId: z.string().optional(),
  enterpriseName: z.string(),
  creditCode: z.string(),
  qyType: z.string(),
  score: z.number(),
  grade: z.string(),
  computedAt: z.string(),
});
export type CreditListRow = z.infer<typeof CreditListRowSchema>;
export const CreditListQuerySchema = z.object({
  qyType: z.string().trim().max(20).optional(),
  grade: z.string().trim().max(8).optional(),
  keyword: z.string().trim().max(60).optional(),
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
export type CreditListQuery = z.infer<typeof CreditListQuerySchema>;
/** The export's filters: the list's, without paging; anything else is refused (nothing exported, nothing logged). */
export const CreditExportQuerySchema = CreditListQuerySchema.pick({
  qyType: true,
  grade: true,
  keyword: true,
}).strict();
export const CreditListPageSchema = pageOf(CreditListRowSchema).extend({
  /** The grades of the current score model, highest first: the list's grade filter. */
  grades: z.array(z.string()),
});
export type CreditListPage = z.infer<typeof CreditListPageSchema>;
export const CreditListEnvelopeSchema = envelopeOf(CreditListPageSchema);

export const CreditGradeCountSchema = z.object({ grade: z.string(), count: z.number().int() });
export const CreditGradeOverviewSchema = z.object({
  grades: z.array(CreditGradeCountSchema),
  /** Average score per month (the trend chart), oldest first. */
  trend: z.array(z.object({ month: z.string(), average: z.number() })),
  /** Average score and enterprise count per enterprise type (the comparison chart). */
  byType: z.array(z.object({ qyType: z.string(), average: z.number(), count: z.number().int() })),
});
export type CreditGradeOverview = z.infer<typeof CreditGradeOverviewSchema>;
export const CreditGradeOverviewEnvelopeSchema = envelopeOf(CreditGradeOverviewSchema);

export const CreditTopTitlesSchema = z.object({
  enterprises: z.number().int(),
  scored: z.number().int(),
  average: z.number().nullable(),
  items: z.object({ basic: z.number().int(), good: z.number().int(), bad: z.number().int() }),
  signedLetters: z.number().int(),
});
export type CreditTopTitles = z.infer<typeof CreditTopTitlesSchema>;
export const CreditTopTitlesEnvelopeSchema = envelopeOf(CreditTopTitlesSchema);

export type CreditTreeNode = { key: string; title: string; count: number; children?: CreditTreeNode[] };
export const CreditTreeNodeSchema: z.ZodType<CreditTreeNode> = z.lazy(() =>
  z.object({
    key: z.string(),
    title: z.string(),
    count: z.number().int(),
    children: z.array(CreditTreeNodeSchema).optional(),
  }),
);
export const CreditTreeEnvelopeSchema = envelopeOf(z.array(CreditTreeNodeSchema));
export const CreditQyTypesEnvelopeSchema = envelopeOf(
  z.array(z.object({ label: z.string(), value: z.string() })),
);

export const CreditLetterSchema = z.object({
  templateVersion: z.number().int(),
  title: z.string(),
  content: z.string(),
  /** sha256 (hex) of title + "\n" + content: what a signature records. */
  sha256: z.string(),
  updatedAt: z.string(),
  /** The caller's signature of this version, if any. */
  mySignature: z.object({ signedAt: z.string(), textSha256: z.string() }).nullable(),
});
export type CreditLetter = z.infer<typeof CreditLetterSchema>;
export const CreditLetterEnvelopeSchema = envelopeOf(CreditLetterSchema);
export const SaveCreditLetterBodySchema = z.object({
  title: z.string('请输入承诺书标题').trim().min(1, '请输入承诺书标题').max(60, '承诺书标题不能超过60个字符'),
  content: z
    .string('请输入承诺书内容')
    .trim()
    .min(1, '请输入承诺书内容')
    .max(20000, '承诺书内容不能超过20000个字符'),
  templateVersion: z.number().int(),
});
export type SaveCreditLetterBody = z.infer<typeof SaveCreditLetterBodySchema>;
export const SignCreditLetterBodySchema = z.object({
  templateVersion: z.number('请先阅读承诺书').int(),
  sha256: z.string('请先阅读承诺书').regex(/^[0-9a-f]{64}$/, '请先阅读承诺书'),
});
export type SignCreditLetterBody = z.infer<typeof SignCreditLetterBodySchema>;
export const CreditSignatureSchema = z.object({
  id: z.string(),
  userId: z.string(),
  signerName: z.string(),
  enterpriseName: z.string(),
  templateVersion: z.number().int(),
  textSha256: z.string(),
  signedAt: z.string(),
});
export type CreditSignature = z.infer<typeof CreditSignatureSchema>;
export const CreditSignatureListEnvelopeSchema = envelopeOf(z.array(CreditSignatureSchema));
