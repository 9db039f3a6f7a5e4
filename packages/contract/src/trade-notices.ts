import { z } from 'zod';
import { envelopeOf } from './envelope.ts';

/**
 * Trading notices (交易公告, decision 0076; issue 28 "Notices"): tender (招标公告), prequalification
 * (资格预审公告) and change (变更公告) notices are records of the 交易公告 system the trade-notices
 * module provides; the centre audits them, `send` (发送) schedules an approved one for its publish
 * time, a job publishes it, `spread` (展开) marks a published one spread to the portal. A change
 * notice is a new version of the notice it names; every version stays readable.
 */

export const TRADE_NOTICE_SYSTEM_CODING = 'KS_JYGG';
export const TRADE_NOTICE_KINDS = ['tender', 'prequalification', 'change'] as const;
export type TradeNoticeKind = (typeof TRADE_NOTICE_KINDS)[number];
export const TRADE_NOTICE_KIND_LABELS: Record<TradeNoticeKind, string> = {
  tender: '招标公告',
  prequalification: '资格预审公告',
  change: '变更公告',
};
/** The node of each kind in the 交易公告 system. */
export const TRADE_NOTICE_NODE_OF: Record<TradeNoticeKind, string> = {
  tender: 'JYGG_ZBGG',
  prequalification: 'JYGG_ZSGG',
  change: 'JYGG_BGGG',
};
/** The kinds a chain of versions starts with (a change notice continues one of them). */
export const ORIGINAL_NOTICE_KINDS = ['tender', 'prequalification'] as const;
export type OriginalNoticeKind = (typeof ORIGINAL_NOTICE_KINDS)[number];

/** The module actions' codes (spec: /ks/monitor/send, /ks/monitor/spread). */
export const TRADE_NOTICE_ACTIONS = { send: 'send', spread: 'spread' } as const;

export const TRADE_NOTICE_PATHS = {
  /** The published notices of one trading project (with their versions) the caller may read. */
  list: '/ks/trade/notices',
} as const;

export const TRADE_NOTICE_MESSAGES = {
  sectionNotYours: '只能为本单位作为招标人或招标代理的已审核项目标段发布公告',
  partiesOnly: '只有该标段的招标人或招标代理可以编辑公告',
  publishInPast: '发布时间不能早于当前时间',
  targetRequired: '请选择被变更的公告',
  targetNotFound: '被变更的公告不存在或尚未发送',
  targetOtherSection: '被变更的公告须属于同一标段',
  supervisorReadsOnly: '监督人员只能查看，不能审核或操作公告',
  notPublished: '公告尚未发布，不能展开',
  alreadySpread: '该公告已展开',
  alreadySent: '该公告已发送',
  sendersOnly: '只有该标段的招标人、招标代理或交易中心可以操作公告',
  projectNotFound: '项目不存在',
} as const;

/** One published version of a notice: the original (version 1) or a change notice. */
export const TradeNoticeVersionSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  kind: z.enum(TRADE_NOTICE_KINDS),
  title: z.string(),
  body: z.string(),
  /** China time, YYYY-MM-DD HH:mm. */
  publishedAt: z.string(),
  spreadAt: z.string().nullable(),
});
export type TradeNoticeVersion = z.infer<typeof TradeNoticeVersionSchema>;

/** A published notice with every version, oldest first (the last is the one in force). */
export const TradeNoticeSchema = z.object({
  id: z.string(),
  kind: z.enum(ORIGINAL_NOTICE_KINDS),
  sectionId: z.string(),
  sectionCode: z.string(),
  sectionName: z.string(),
  projectName: z.string(),
  versions: z.array(TradeNoticeVersionSchema),
});
export type TradeNotice = z.infer<typeof TradeNoticeSchema>;

export const TradeNoticeListQuerySchema = z.object({
  projectId: z.uuid({ error: '项目不存在' }),
  kind: z.enum(ORIGINAL_NOTICE_KINDS, { error: '公告类型不正确' }).optional(),
});
export type TradeNoticeListQuery = z.infer<typeof TradeNoticeListQuerySchema>;
export const TradeNoticeListEnvelopeSchema = envelopeOf(z.array(TradeNoticeSchema));
