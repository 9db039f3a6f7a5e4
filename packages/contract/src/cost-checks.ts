import { z } from 'zod';
import { BidDocumentStateSchema } from './bid-detection.ts';
import { envelopeOf, pageOf } from './envelope.ts';

/**
 * The cost-file check (docs/domain.md §11 C1–C20): starting it, its state, its
 * findings and the rule configuration administrators keep (decisions 0044, 0045).
 */

/** The notification after a check is started. */
export const COST_CHECK_STARTED_NOTICE = '检测已开始，大约需要五分钟，请稍后到项目详情页确认数据';
/** The message when the check has finished. */
export const COST_CHECK_DONE_MESSAGE = '检测完成，请到项目详情页确认数据';
export const COST_CHECK_FAILED_MESSAGE = '检测失败，请稍后重试或联系管理员';
export const COST_CHECK_RUNNING_MESSAGE = '该项目正在检测中，请勿重复发起，稍后到项目详情页确认数据';
export const COST_CHECK_NO_PROJECT_MESSAGE = '项目不存在';
export const COST_CHECK_NO_FILES_MESSAGE = '该项目没有已解析的招标控制价或投标报价文件，无法检测';
export const COST_CHECK_PENDING_FILES_MESSAGE = '该项目有尚未解析完成的造价文件，请等待解析完成后再检测';

export const COST_RULE_CODES = [
  'C1',
  'C2',
  'C3',
  'C4',
  'C5',
  'C6',
  'C7',
  'C8',
  'C9',
  'C10',
  'C11',
  'C12',
  'C13',
  'C14',
  'C15',
  'C16',
  'C17',
  'C18',
  'C19',
  'C20',
] as const;
export const CostRuleCodeSchema = z.enum(COST_RULE_CODES, { message: '检测规则无效' });
export type CostRuleCode = z.infer<typeof CostRuleCodeSchema>;

/** docs/domain.md §11's class of each rule: hard error, configurable (a warning), committee flag. */
export const COST_RULES: Record<CostRuleCode, { title: string; kind: 'hard' | 'config' | 'committee' }> = {
  C1: { title: '汇总一致性', kind: 'hard' },
  C2: { title: '工程造价构成', kind: 'hard' },
  C3: { title: '安全文明施工费范围', kind: 'hard' },
  C4: { title: '安全文明施工费费率', kind: 'config' },
  C5: { title: '安全文明施工费计费基础', kind: 'config' },
  C6: { title: '企业安全生产费', kind: 'config' },
  C7: { title: '规费费率', kind: 'config' },
  C8: { title: '一般计税增值税', kind: 'config' },
  C9: { title: '简易计税增值税', kind: 'config' },
  C10: { title: '税金与附加税', kind: 'config' },
  C11: { title: '暂列金额', kind: 'config' },
  C12: { title: '暂估价', kind: 'hard' },
  C13: { title: '计日工与总承包服务费', kind: 'hard' },
  C14: { title: '清单项目一致性', kind: 'hard' },
  C15: { title: '零价与负价', kind: 'hard' },
  C16: { title: '合价计算', kind: 'hard' },
  C17: { title: '取费基础与费率', kind: 'config' },
  C18: { title: '投标报价不高于招标控制价', kind: 'hard' },
  C19: { title: '低于成本报价', kind: 'committee' },
  C20: { title: '文件雷同', kind: 'committee' },
};

export const FINDING_SEVERITIES = ['error', 'warning', 'flag', 'skipped'] as const;
export const FindingSeveritySchema = z.enum(FINDING_SEVERITIES, { message: '问题级别无效' });
export type FindingSeverity = z.infer<typeof FindingSeveritySchema>;
export const FINDING_SEVERITY_LABELS: Record<FindingSeverity, string> = {
  error: '错误',
  warning: '警告',
  flag: '提请评标委员会关注',
  skipped: '未检测',
};

// ---------------------------------------------------------------- rule configuration

const percent = (label: string) =>
  z
    .number({ message: `请输入${label}` })
    .min(0, `${label}不能为负数`)
    .max(100, `${label}不能超过 100`);
const text = (label: string, max = 100) =>
  z
    .string({ message: `请输入${label}` })
    .trim()
    .min(1, `请输入${label}`)
    .max(max, `${label}不超过 ${max} 个字`);

/**
 * Rates of one region (province code, `*` any), specialty (`*` any) and tax method (`*` either).
 * The most specific row that matches a unit project applies (region, then zy, then tax method).
 */
export const CostRateRowSchema = z.object({
  region: text('地区', 20),
  zy: text('专业', 30),
  taxMethod: z.enum(['*', 'general', 'simple'], { message: '计税方式无效' }),
  /** 安全文明施工费 rate (%) on the base below. */
  safetyRatePercent: percent('安全文明施工费费率'),
  /** Names of the unit project's declared bases (cost_nodes.bases) summed as the safety-fee base. */
  safetyBase: z.array(text('计费基础', 20)).min(1, '请选择安全文明施工费计费基础').max(5),
  /** 规费 rate (%) on its base. */
  gfRatePercent: percent('规费费率'),
  gfBase: z.array(text('计费基础', 20)).min(1, '请选择规费计费基础').max(5),
  /** C10: whether the surcharges (附加税) sit in 管理费 (浙江), so 税金 = 增值税 alone. */
  surchargesInManagementFee: z.boolean(),
  /** C10: the surcharges as a share (%) of the VAT when they do not. */
  surchargeRatePercent: percent('附加税费率'),
  /** Whether the rates are verified against the provincial document; unverified ones say so. */
  verified: z.boolean(),
  description: z.string().trim().max(500, '说明不超过 500 个字'),
});
export type CostRateRow = z.infer<typeof CostRateRowSchema>;

/** C2: the money columns a unit total may sum (A is inside C and never summed again). */
export const COMPOSITION_TERMS = ['fbfxf', 'csxmf', 'qtxmf', 'gf', 'sj', 'zzsxxse'] as const;
export type CompositionTerm = (typeof COMPOSITION_TERMS)[number];

/**
 * C2's formula for one region (province code, `*` any): Z = the sum of `terms` plus the further
 * amounts `extras` a province adds (e.g. 浙江 地方水利建设基金), read from what the unit projects
 * declare under that name (their `Bases`). The region's own row wins over `*`.
 */
export const CostCompositionSchema = z.object({
  region: text('地区', 20),
  terms: z
    .array(z.enum(COMPOSITION_TERMS, { message: '造价构成项无效' }))
    .min(1, '请选择工程总造价的构成项')
    .max(COMPOSITION_TERMS.length)
    .refine((terms) => new Set(terms).size === terms.length, '造价构成项不能重复'),
  extras: z.array(text('附加构成项', 30)).max(5, '附加构成项不超过 5 个'),
  verified: z.boolean(),
  description: z.string().trim().max(500, '说明不超过 500 个字'),
});
export type CostComposition = z.infer<typeof CostCompositionSchema>;

/** The national formula Z = F + C + Q + G + S (建标〔2013〕44号, unverified): every region's default. */
export const DEFAULT_COMPOSITION: CostComposition = {
  region: '*',
  terms: ['fbfxf', 'csxmf', 'qtxmf', 'gf', 'sj'],
  extras: [],
  verified: false,
  description:
    '工程总造价 = 分部分项工程费 + 措施项目费 + 其他项目费 + 规费 + 税金（建标〔2013〕44号，未核实）',
};

export const CostRuleConfigSchema = z
  .object({
    /** ε: the tolerance per summed amount, in yuan (docs/domain.md: 0.01 yuan × items summed). */
    epsilonYuan: z.number({ message: '请输入容差' }).min(0, '容差不能为负数').max(100, '容差不超过 100 元'),
    /** Configurable rules (C4, C6, C7, C10, C17): the relative deviation (%) still accepted. */
    rateTolerancePercent: percent('费率容差'),
    /** C4: a bid's safety fee may go down to this share of the regulated amount (the older 90 % rule). */
    safetyFloor: z.object({ enabled: z.boolean(), percent: percent('下浮比例') }),
    /** C8/C9: VAT rates of the general and simple methods. */
    vat: z.object({ generalPercent: percent('一般计税税率'), simplePercent: percent('简易计税税率') }),
    rates: z.array(CostRateRowSchema).min(1, '至少需要一条费率').max(500, '费率不超过 500 条'),
    /** C6: 企业安全生产费 rates by project type, and which project type each specialty is. */
    enterpriseSafety: z.object({
      rates: z
        .array(z.object({ projectType: text('工程类别', 30), ratePercent: percent('企业安全生产费费率') }))
        .max(50),
      zyProjectTypes: z.array(z.object({ zy: text('专业', 30), projectType: text('工程类别', 30) })).max(200),
    }),
    /** C11: a control price's 暂列金额 as a share (%) of 分部分项工程费. */
    provisionalSum: z.object({ minPercent: percent('暂列金额下限'), maxPercent: percent('暂列金额上限') }),
    /** C19: a bid under this share (%) of the control price is flagged as possibly below cost. */
    lowPricePercent: percent('低价预警比例'),
    /**
     * C2: the unit-total formula per region. Versions saved before it existed read the national
     * formula alone.
     */
    composition: z
      .array(CostCompositionSchema)
      .min(1, '至少需要一条造价构成公式')
      .max(100, '造价构成公式不超过 100 条')
      .default([DEFAULT_COMPOSITION]),
    /**
     * C18: a control price whose re-computed total differs from the published one by more than
     * this share (%) is to be corrected by the tenderer (GB 50500-2013 5.3.9 ±3 %, unverified).
     */
    complaintThresholdPercent: percent('投诉复查误差界限').default(3),
    /** What is verified and what is not, for the administrators. */
    description: z.string().trim().max(2000, '说明不超过 2000 个字'),
  })
  .refine((c) => c.provisionalSum.minPercent <= c.provisionalSum.maxPercent, {
    message: '暂列金额下限不能大于上限',
    path: ['provisionalSum', 'minPercent'],
  })
  .refine((c) => c.rates.some((r) => r.region === '*' && r.zy === '*' && r.taxMethod === '*'), {
    message: '费率中必须有一条适用于所有地区、专业和计税方式的默认费率',
    path: ['rates'],
  })
  .refine((c) => c.composition.some((f) => f.region === '*'), {
    message: '造价构成公式中必须有一条适用于所有地区的默认公式',
    path: ['composition'],
  })
  .refine((c) => new Set(c.composition.map((f) => f.region)).size === c.composition.length, {
    message: '每个地区只能有一条造价构成公式',
    path: ['composition'],
  });
export type CostRuleConfig = z.infer<typeof CostRuleConfigSchema>;

export const SaveCostRulesBodySchema = z.object({
  config: CostRuleConfigSchema,
  note: z
    .string({ message: '请填写修改说明' })
    .trim()
    .min(1, '请填写修改说明')
    .max(200, '修改说明不超过 200 个字'),
  /** The version the administrator edited: saving over a newer one is a conflict. */
  baseVersion: z.number({ message: '版本号无效' }).int().min(1, '版本号无效'),
});
export type SaveCostRulesBody = z.infer<typeof SaveCostRulesBodySchema>;

export const CostRuleSetSchema = z.object({
  version: z.number().int(),
  config: CostRuleConfigSchema,
  note: z.string(),
  createdByName: z.string(),
  createdAt: z.string(),
  /** Only the newest version is used by new runs; older ones are read-only. */
  current: z.boolean(),
});
export type CostRuleSet = z.infer<typeof CostRuleSetSchema>;
export const CostRuleSetEnvelopeSchema = envelopeOf(CostRuleSetSchema);
export const CostRuleVersionsEnvelopeSchema = envelopeOf(
  z.array(
    CostRuleSetSchema.pick({
      version: true,
      note: true,
      createdByName: true,
      createdAt: true,
      current: true,
    }),
  ),
);
export const CostRuleVersionQuerySchema = z.object({
  version: z.coerce.number({ message: '版本号无效' }).int('版本号无效').min(1, '版本号无效').optional(),
});

// ---------------------------------------------------------------- starting a check and its state

/** The cost-file check call, `POST /ks/file/detection/cost-check`. */
export const StartCostCheckBodySchema = z.object({
  xmId: z.uuid({ message: '项目编号无效' }),
  gnCoding: z.string({ message: '缺少功能编码' }).trim().min(1, '缺少功能编码').max(100),
});
export type StartCostCheckBody = z.infer<typeof StartCostCheckBodySchema>;
export const StartCostCheckResultSchema = z.object({
  isSuccess: z.boolean(),
  errorMessage: z.string(),
  /** The run started (null when isSuccess is false). */
  runId: z.string().nullable(),
});
export type StartCostCheckResult = z.infer<typeof StartCostCheckResultSchema>;
export const StartCostCheckEnvelopeSchema = envelopeOf(StartCostCheckResultSchema);

export const CHECK_RUN_STATES = ['none', 'queued', 'running', 'done', 'failed'] as const;
export type CheckRunState = (typeof CHECK_RUN_STATES)[number];
export const CHECK_RUN_STATE_LABELS: Record<CheckRunState, string> = {
  none: '未检测',
  queued: '排队中',
  running: '检测中',
  done: '检测完成',
  failed: '检测失败',
};

/** `POST /ks/file/detection/status`: the detection state of a project and of each of its files. */
export const DetectionStatusBodySchema = z.object({ xmId: z.uuid({ message: '项目编号无效' }) });
export const CheckRunSchema = z.object({
  runId: z.string(),
  state: z.enum(CHECK_RUN_STATES),
  progress: z.number().int(),
  ruleVersion: z.number().int().nullable(),
  errorMessage: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type CheckRun = z.infer<typeof CheckRunSchema>;
export const FileCheckStateSchema = z.object({
  fileId: z.string(),
  kind: z.string(),
  bidderName: z.string(),
  parseState: z.string(),
  errors: z.number().int(),
  warnings: z.number().int(),
  flags: z.number().int(),
  skipped: z.number().int(),
});
export type FileCheckState = z.infer<typeof FileCheckStateSchema>;
export const COST_CHECK_ACTIONS = ['estimate', 'rules', 'check'] as const;
export type CostCheckAction = (typeof COST_CHECK_ACTIONS)[number];
export const DetectionStatusSchema = z.object({
  xmId: z.string(),
  projectName: z.string(),
  state: z.enum(CHECK_RUN_STATES),
  /** The run in progress, if any. */
  active: CheckRunSchema.nullable(),
  /** The run whose findings are the current result. */
  result: CheckRunSchema.nullable(),
  files: z.array(FileCheckStateSchema),
  /** The bid documents' detection (decision 0052): an enterprise sees only its own. */
  bids: z.array(BidDocumentStateSchema),
  /** What the caller may do on the check (the centre: the estimate, the rules, a new run). */
  actions: z.array(z.enum(COST_CHECK_ACTIONS)),
});
export type DetectionStatus = z.infer<typeof DetectionStatusSchema>;
export const DetectionStatusEnvelopeSchema = envelopeOf(DetectionStatusSchema);

// ---------------------------------------------------------------- findings

export const FindFindingsBodySchema = z.object({
  xmId: z.uuid({ message: '项目编号无效' }),
  fileId: z.uuid({ message: '文件编号无效' }).optional(),
  rule: CostRuleCodeSchema.optional(),
  severity: FindingSeveritySchema.optional(),
  /** A node's path: its findings and those of the nodes below it. */
  nodePath: z
    .string()
    .regex(/^\d+(\.\d+)*$/, '节点路径无效')
    .optional(),
  curPage: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(200).default(50),
});
export type FindFindingsBody = z.infer<typeof FindFindingsBodySchema>;
export const FindingSchema = z.object({
  id: z.number().int(),
  fileId: z.string(),
  fileKind: z.string(),
  bidderName: z.string(),
  rule: CostRuleCodeSchema,
  ruleTitle: z.string(),
  severity: FindingSeveritySchema,
  message: z.string(),
  expected: z.string().nullable(),
  found: z.string().nullable(),
  nodeId: z.string().nullable(),
  nodePath: z.string().nullable(),
  nodeName: z.string().nullable(),
  itemCode: z.string().nullable(),
});
export type Finding = z.infer<typeof FindingSchema>;
export const FindingPageSchema = pageOf(FindingSchema).extend({
  /** The run these findings belong to, and the rule version it used (null before any check). */
  run: CheckRunSchema.nullable(),
  /** Findings per rule under the same filters except the rule (for the grouped view). */
  byRule: z.array(z.object({ rule: CostRuleCodeSchema, count: z.number().int() })),
});
export type FindingPage = z.infer<typeof FindingPageSchema>;
export const FindingPageEnvelopeSchema = envelopeOf(FindingPageSchema);

// ---------------------------------------------------------------- the summary tree with its marks

/** `POST /ks/file/detection/cost-check/nodes`: a file's summary tree, each node with its findings. */
export const CheckNodesBodySchema = z.object({
  xmId: z.uuid({ message: '项目编号无效' }),
  fileId: z.uuid({ message: '文件编号无效' }),
});
export type CheckNodesBody = z.infer<typeof CheckNodesBodySchema>;
/** A cost-tree row (money in yuan as strings) with the node's finding counts. */
export const CheckNodeRowSchema = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  path: z.string(),
  level: z.string(),
  code: z.string(),
  name: z.string(),
  zy: z.string().nullable(),
  zzj: z.string(),
  fbfxf: z.string(),
  csxmf: z.string(),
  aqwmsgf: z.string(),
  qtxmf: z.string(),
  gf: z.string(),
  sj: z.string(),
  zzsxxse: z.string(),
  /** Findings of the current result on this node (skipped ones not counted), and how many are errors. */
  findings: z.number().int(),
  errors: z.number().int(),
});
export type CheckNodeRow = z.infer<typeof CheckNodeRowSchema>;
export const CheckNodesEnvelopeSchema = envelopeOf(z.array(CheckNodeRowSchema));

// ---------------------------------------------------------------- the project's approved estimate

/**
 * C18: the approved estimate (批准的概算) of a project, which its control price may not exceed.
 * Project configuration kept by the project's owner (administrators, decision 0043); null unset.
 */
export const ApprovedEstimateQuerySchema = z.object({ xmId: z.uuid({ message: '项目编号无效' }) });
export const SaveApprovedEstimateBodySchema = z.object({
  xmId: z.uuid({ message: '项目编号无效' }),
  /** Yuan with at most 2 decimals; null clears it. */
  approvedEstimate: z
    .string({ message: '请输入批准的概算金额' })
    .trim()
    .regex(/^\d{1,16}(\.\d{1,2})?$/, '批准的概算应为金额（元），最多两位小数，不超过 16 位整数')
    .refine((value) => /[1-9]/.test(value), '批准的概算必须大于 0')
    .nullable(),
  /** The project version the administrator edited: a newer one saved meanwhile is a conflict. */
  version: z.number({ message: '版本号无效' }).int().min(1, '版本号无效'),
});
export type SaveApprovedEstimateBody = z.infer<typeof SaveApprovedEstimateBodySchema>;
export const ApprovedEstimateSchema = z.object({
  xmId: z.string(),
  projectName: z.string(),
  approvedEstimate: z.string().nullable(),
  version: z.number().int(),
});
export type ApprovedEstimate = z.infer<typeof ApprovedEstimateSchema>;
export const ApprovedEstimateEnvelopeSchema = envelopeOf(ApprovedEstimateSchema);

// ---------------------------------------------------------------- the published control price

/**
 * C18: what is published of the control price (GB 50500-2013, docs/domain.md §11): its total and each
 * unit project's F, C, Q, G, S, in yuan. Administrators and the project's bidders read it; null
 * total and no units while the project has no parsed control price.
 */
export const PublishedControlPriceBodySchema = z.object({ xmId: z.uuid({ message: '项目编号无效' }) });
export const PublishedControlPriceSchema = z.object({
  xmId: z.string(),
  projectName: z.string(),
  controlTotal: z.string().nullable(),
  units: z.array(
    z.object({
      path: z.string(),
      name: z.string(),
      zy: z.string().nullable(),
      fbfxf: z.string(),
      csxmf: z.string(),
      qtxmf: z.string(),
      gf: z.string(),
      sj: z.string(),
    }),
  ),
});
export type PublishedControlPrice = z.infer<typeof PublishedControlPriceSchema>;
export const PublishedControlPriceEnvelopeSchema = envelopeOf(PublishedControlPriceSchema);
