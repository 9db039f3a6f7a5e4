import { z } from 'zod';
import { RATING_LABELS } from './constants.ts';
import { envelopeOf, pageOf } from './envelope.ts';

/**
 * Feedback (feedback item: evaluateType, question). One submission is an array of
 * items; `evaluateType` says what the item answers and `question` carries the answer:
 * - `rating`: the score '1'…'5' (RATING_LABELS: 不满意 … 非常完美);
 * - `product_1`…`product_5`, `service_1`…`service_10`: a survey answer, one of SURVEY_OPTIONS;
 * - `text`: the free text, which must not be empty.
 */
export const PRODUCT_SURVEY = [
  '平台功能能否满足您的业务需要？',
  '页面操作是否简单易懂？',
  '页面加载和响应速度是否满意？',
  '页面布局与信息展示是否清晰？',
  '您是否愿意向他人推荐本平台？',
] as const;
export const SERVICE_SURVEY = [
  '咨询电话是否容易接通？',
  '客服人员的服务态度是否满意？',
  '问题是否得到及时响应？',
  '问题解决的结果是否满意？',
  '业务办理流程是否清楚？',
  '办事指南与帮助说明是否有用？',
  '通知与公告是否及时准确？',
  '材料审核的时效是否满意？',
  '审核意见是否明确具体？',
  '对平台整体服务是否满意？',
] as const;
export const SURVEY_OPTIONS = ['满意', '一般', '不满意'] as const;
export const SurveyAnswerSchema = z.enum(SURVEY_OPTIONS);

export const RATING_VALUES = ['1', '2', '3', '4', '5'] as const;
export type RatingValue = (typeof RATING_VALUES)[number];

export const productType = (n: number) => `product_${n}`;
export const serviceType = (n: number) => `service_${n}`;
export const EVALUATE_TYPES = [
  'rating',
  ...PRODUCT_SURVEY.map((_, i) => productType(i + 1)),
  ...SERVICE_SURVEY.map((_, i) => serviceType(i + 1)),
  'text',
] as const;

export const FEEDBACK_TEXT_MAX = 500;
export const FEEDBACK_TEXT_REQUIRED_MESSAGE = '请填写反馈内容';
export const FEEDBACK_SUCCESS_MESSAGE = '感谢您的反馈，您的意见将会是我们不断进步的动力！';
/** The drawer closes this long after the success message. */
export const FEEDBACK_CLOSE_DELAY_MS = 800;

export const FeedbackItemSchema = z.object({
  evaluateType: z.string(),
  question: z.string(),
});
export type FeedbackItem = z.infer<typeof FeedbackItemSchema>;

/** The label of a survey item's question, for the administrators' list. */
export function surveyQuestionOf(evaluateType: string): string | null {
  const match = /^(product|service)_(\d+)$/.exec(evaluateType);
  if (!match) return null;
  const list = match[1] === 'product' ? PRODUCT_SURVEY : SERVICE_SURVEY;
  return list[Number(match[2]) - 1] ?? null;
}

/** Checks one submission as a whole: known types, each at most once, valid answers, non-empty text. */
export const AddFeedbackBodySchema = z
  .array(FeedbackItemSchema)
  .min(1, FEEDBACK_TEXT_REQUIRED_MESSAGE)
  .max(EVALUATE_TYPES.length, '反馈内容过多')
  .superRefine((items, ctx) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      const path = [index, 'question'];
      if (!(EVALUATE_TYPES as readonly string[]).includes(item.evaluateType)) {
        ctx.addIssue({ code: 'custom', path: [index, 'evaluateType'], message: '未知的反馈类型' });
        return;
      }
      if (seen.has(item.evaluateType)) {
        ctx.addIssue({ code: 'custom', path: [index, 'evaluateType'], message: '反馈类型重复' });
      }
      seen.add(item.evaluateType);
      if (item.evaluateType === 'rating' && !(RATING_VALUES as readonly string[]).includes(item.question)) {
        ctx.addIssue({ code: 'custom', path, message: '评分须为1至5' });
      }
      if (
        surveyQuestionOf(item.evaluateType) &&
        !(SURVEY_OPTIONS as readonly string[]).includes(item.question)
      ) {
        ctx.addIssue({ code: 'custom', path, message: `请选择${SURVEY_OPTIONS.join('、')}之一` });
      }
      if (item.evaluateType === 'text' && item.question.trim().length > FEEDBACK_TEXT_MAX) {
        ctx.addIssue({ code: 'custom', path, message: `反馈内容不能超过${FEEDBACK_TEXT_MAX}个字符` });
      }
    });
    const text = items.find((item) => item.evaluateType === 'text');
    if (!text || text.question.trim() === '') {
      ctx.addIssue({ code: 'custom', path: [], message: FEEDBACK_TEXT_REQUIRED_MESSAGE });
    }
  });
export type AddFeedbackBody = z.infer<typeof AddFeedbackBodySchema>;

export const ratingLabelOf = (rating: number | null) => (rating ? (RATING_LABELS[rating - 1] ?? '') : '');

export const FeedbackRecordSchema = z.object({
  id: z.string(),
  userName: z.string(),
  roleType: z.string(),
  rating: z.number().int().nullable(),
  text: z.string(),
  /** Survey answers with their question text. */
  answers: z.array(z.object({ evaluateType: z.string(), question: z.string(), answer: z.string() })),
  createdAt: z.string(),
});
export type FeedbackRecord = z.infer<typeof FeedbackRecordSchema>;
export const FindFeedbackQuerySchema = z.object({
  curPage: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
export const FeedbackPageEnvelopeSchema = envelopeOf(pageOf(FeedbackRecordSchema));

/** Ratings counted on the server for the administrators' chart. */
export const FeedbackStatsSchema = z.object({
  total: z.number().int(),
  ratings: z.array(z.object({ rating: z.number().int(), label: z.string(), count: z.number().int() })),
});
export type FeedbackStats = z.infer<typeof FeedbackStatsSchema>;
export const FeedbackStatsEnvelopeSchema = envelopeOf(FeedbackStatsSchema);
