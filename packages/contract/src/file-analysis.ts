import { z } from 'zod';
import { BID_MESSAGES, BidDocumentStateSchema } from './bid-detection.ts';
import { envelopeOf, pageOf } from './envelope.ts';

/**
 * Cost files (造价文件, /fileAnalysis, /ks/analyse/xml_analysis,
 * docs/domain.md §11): projects (xmId), their tender BOQ, control price and bids, the parse summary
 * and the cost tree. Money travels as decimal strings in yuan (numeric(18,2) on the server).
 */

export const COST_FILE_KINDS = ['tender-boq', 'control-price', 'bid'] as const;
export const CostFileKindSchema = z.enum(COST_FILE_KINDS, '请选择文件类型');
export type CostFileKindValue = z.infer<typeof CostFileKindSchema>;
export const COST_FILE_KIND_LABELS: Record<CostFileKindValue, string> = {
  'tender-boq': '招标工程量清单',
  'control-price': '招标控制价',
  bid: '投标报价',
};

export const COST_PARSE_STATES = ['pending', 'parsed', 'failed'] as const;
export type CostParseState = (typeof COST_PARSE_STATES)[number];
export const COST_PARSE_STATE_LABELS: Record<CostParseState, string> = {
  pending: '解析中',
  parsed: '已解析',
  failed: '解析失败',
};

export const TAX_METHOD_LABELS: Record<'general' | 'simple', string> = {
  general: '一般计税',
  simple: '简易计税',
};

/** The money columns of a cost-tree row, with their terms (docs/domain.md §11). */
export const COST_MONEY_COLUMNS = [
  'zzj',
  'fbfxf',
  'csxmf',
  'aqwmsgf',
  'qtxmf',
  'gf',
  'sj',
  'zzsxxse',
] as const;
export type CostMoneyColumn = (typeof COST_MONEY_COLUMNS)[number];
export const COST_MONEY_LABELS: Record<CostMoneyColumn, string> = {
  zzj: '工程总造价',
  fbfxf: '分部分项工程费',
  csxmf: '措施项目费',
  aqwmsgf: '安全文明施工费',
  qtxmf: '其他项目费',
  gf: '规费',
  sj: '税金',
  zzsxxse: '增值税销项税额',
};

/** The five lists of a unit project (GB 50500-2013), as cost_items.list stores them. */
export const COST_LIST_KEYS = ['fbfx', 'csxm', 'qtxm', 'gf', 'sj'] as const;
export const COST_LIST_LABELS: Record<(typeof COST_LIST_KEYS)[number], string> = {
  fbfx: '分部分项工程',
  csxm: '措施项目',
  qtxm: '其他项目',
  gf: '规费',
  sj: '税金',
};

/** Province-level regions whose rates a project is checked with (GB/T 2260 codes). */
export const COST_REGIONS: Record<string, string> = {
  '110000': '北京市',
  '120000': '天津市',
  '130000': '河北省',
  '140000': '山西省',
  '150000': '内蒙古自治区',
  '210000': '辽宁省',
  '220000': '吉林省',
  '230000': '黑龙江省',
  '310000': '上海市',
  '320000': '江苏省',
  '330000': '浙江省',
  '340000': '安徽省',
  '350000': '福建省',
  '360000': '江西省',
  '370000': '山东省',
  '410000': '河南省',
  '420000': '湖北省',
  '430000': '湖南省',
  '440000': '广东省',
  '450000': '广西壮族自治区',
  '460000': '海南省',
  '500000': '重庆市',
  '510000': '四川省',
  '520000': '贵州省',
  '530000': '云南省',
  '540000': '西藏自治区',
  '610000': '陕西省',
  '620000': '甘肃省',
  '630000': '青海省',
  '640000': '宁夏回族自治区',
  '650000': '新疆维吾尔自治区',
};

const uuid = (message: string) => z.string(message).regex(/^[0-9a-f-]{36}$/i, message);

export const CreateCostProjectBodySchema = z.object({
  code: z.string('请输入项目编号').trim().min(1, '请输入项目编号').max(50, '项目编号不能超过50个字符'),
  name: z.string('请输入项目名称').trim().min(1, '请输入项目名称').max(200, '项目名称不能超过200个字符'),
  region: z.string('请选择地区').refine((value) => value in COST_REGIONS, '请选择地区'),
});
export type CreateCostProjectBody = z.infer<typeof CreateCostProjectBodySchema>;

export const CostProjectParamsSchema = z.object({ id: uuid('项目不存在') });
export const CostFileParamsSchema = z.object({ id: uuid('造价文件不存在') });
export const CostVersionQuerySchema = z.object({ version: z.coerce.number().int().min(1) });

export const CostProjectListQuerySchema = z.object({
  curPage: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  keyword: z.string().trim().max(100).default(''),
});
export type CostProjectListQuery = z.infer<typeof CostProjectListQuerySchema>;

export const AttachCostFileBodySchema = z.object({
  projectId: uuid('项目不存在'),
  kind: CostFileKindSchema,
  /** A stored file id, from the simple or the chunked uploader. */
  fileId: uuid('请先上传造价文件'),
  /**
   * An administrator's bid: the bidder's enterprise account chosen from the registered enterprises
   * (as for a bid document); without it the bidder is named and matched to an enterprise by that
   * exact name. An enterprise's own bid is always its own, under its own name.
   */
  bidderUserId: uuid(BID_MESSAGES.bidderMissing).optional(),
  bidderName: z.string().trim().max(200, '投标人名称不能超过200个字符').default(''),
});
export type AttachCostFileBody = z.infer<typeof AttachCostFileBodySchema>;

export const COST_FILE_ACTIONS = ['reparse', 'delete'] as const;
export type CostFileAction = (typeof COST_FILE_ACTIONS)[number];
export const COST_PROJECT_ACTIONS = ['delete'] as const;
export type CostProjectAction = (typeof COST_PROJECT_ACTIONS)[number];
export const COST_PROJECT_LIST_ACTIONS = ['create'] as const;
export type CostProjectListAction = (typeof COST_PROJECT_LIST_ACTIONS)[number];

export const CostFileSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  kind: CostFileKindSchema,
  bidderName: z.string().nullable(),
  fileId: z.string(),
  fileName: z.string(),
  size: z.number(),
  sha256: z.string().nullable(),
  layout: z.string().nullable(),
  parseState: z.enum(COST_PARSE_STATES),
  parseError: z.string().nullable(),
  taxMethod: z.enum(['general', 'simple']).nullable(),
  itemCount: z.number().int(),
  createdAt: z.string(),
  parsedAt: z.string().nullable(),
  /**
   * What the caller may do with the file, from the rules the calls check (the centre reparses
   * and deletes any file; an enterprise deletes the bids it uploaded).
   */
  actions: z.array(z.enum(COST_FILE_ACTIONS)),
});
export type CostFile = z.infer<typeof CostFileSchema>;

export const CostProjectSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  region: z.string(),
  regionName: z.string(),
  version: z.number().int(),
  createdAt: z.string(),
  /** The files the caller may see: all for administrators, its own bids for an enterprise. */
  files: z.array(CostFileSchema),
  /** What the caller may do with the project (the centre deletes it). */
  actions: z.array(z.enum(COST_PROJECT_ACTIONS)),
  /** What the caller's upload may be: the kinds it may attach and whether it names the bidder. */
  upload: z.object({
    kinds: z.array(CostFileKindSchema),
    /** The centre chooses or names the bidder of a bid; an enterprise's bid is its own. */
    choosesBidder: z.boolean(),
  }),
});
export type CostProject = z.infer<typeof CostProjectSchema>;

export const CostProjectEnvelopeSchema = envelopeOf(CostProjectSchema);
/** The project list, with what the caller may do on the list itself (create a project). */
export const CostProjectPageSchema = pageOf(CostProjectSchema).extend({
  actions: z.array(z.enum(COST_PROJECT_LIST_ACTIONS)),
});
export type CostProjectPage = z.infer<typeof CostProjectPageSchema>;
export const CostProjectPageEnvelopeSchema = envelopeOf(CostProjectPageSchema);
export const CostFileEnvelopeSchema = envelopeOf(CostFileSchema);

const MoneySchema = z.string();
const moneyShape = Object.fromEntries(COST_MONEY_COLUMNS.map((c) => [c, MoneySchema])) as Record<
  CostMoneyColumn,
  typeof MoneySchema
>;

/** One row of the cost tree. */
export type CostTreeRow = {
  id: string;
  level: 'project' | 'single' | 'unit';
  code: string;
  name: string;
  zy: string | null;
  children?: CostTreeRow[];
} & Record<CostMoneyColumn, string>;
export const CostTreeRowSchema: z.ZodType<CostTreeRow> = z.lazy(() =>
  z.object({
    id: z.string(),
    level: z.enum(['project', 'single', 'unit']),
    code: z.string(),
    name: z.string(),
    zy: z.string().nullable(),
    ...moneyShape,
    children: z.array(CostTreeRowSchema).optional(),
  }),
);

/**
 * The states value of a cost file: its parse state, the state of the project's cost
 * check and the bid-document detection of the same bidder (decision 0052). For a bid document's id
 * `list` is empty and `parseState` is its extraction's (`pending` while parsing, `failed` when
 * scanned or broken, `parsed` when checked).
 */
export const CostFileStatesSchema = z.object({
  parseState: z.enum(COST_PARSE_STATES),
  parseError: z.string().nullable(),
  /** The project's cost check: none, queued, running, done or failed. */
  checkState: z.enum(['none', 'queued', 'running', 'done', 'failed']).optional(),
  /** The bidder's bid document of the same project and its detection, null when there is none. */
  bidDetection: BidDocumentStateSchema.nullable().optional(),
});
export type CostFileStates = z.infer<typeof CostFileStatesSchema>;

export const COST_TREE_PAGE_MAX = 2000;

/** POST /ks/file/detection/parse-data: id is the cost file. */
export const ParseDataBodySchema = z.object({
  id: uuid('造价文件不存在'),
  gnCoding: z.string().max(64).default(''),
  systemCoding: z.string().max(64).default(''),
  /** Rows of the tree in document order, a page at a time (a project has a few hundred at most). */
  curPage: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(COST_TREE_PAGE_MAX).default(500),
});
export type ParseDataBody = z.infer<typeof ParseDataBodySchema>;

export const ParseDataSchema = z.object({
  list: z.array(CostTreeRowSchema),
  states: CostFileStatesSchema,
  total: z.number().int(),
  curPage: z.number().int(),
  pageSize: z.number().int(),
});
export type ParseData = z.infer<typeof ParseDataSchema>;
export const ParseDataEnvelopeSchema = envelopeOf(ParseDataSchema);

/** POST /ks/analyse/xml_analysis: the parse summary of one cost file. */
export const XmlAnalysisBodySchema = z.object({ id: uuid('造价文件不存在') });

export const XmlAnalysisSchema = z.object({
  id: z.string(),
  kind: CostFileKindSchema,
  fileName: z.string(),
  bidderName: z.string().nullable(),
  layout: z.string().nullable(),
  parseState: z.enum(COST_PARSE_STATES),
  parseError: z.string().nullable(),
  taxMethod: z.enum(['general', 'simple']).nullable(),
  sha256: z.string().nullable(),
  nodeCount: z.number().int(),
  itemCount: z.number().int(),
  /** Items per list: fbfx 分部分项, csxm 措施项目, qtxm 其他项目, gf 规费, sj 税金. */
  itemsByList: z.record(z.string(), z.number().int()),
  /** The project node's money columns, null until parsed. */
  totals: z.object(moneyShape).nullable(),
  parsedAt: z.string().nullable(),
});
export type XmlAnalysis = z.infer<typeof XmlAnalysisSchema>;
export const XmlAnalysisEnvelopeSchema = envelopeOf(XmlAnalysisSchema);

/** The annex slot the cost-file uploads go through (gnCoding, annexNo): XML only. */
export const COST_FILE_SLOT = {
  gnCoding: 'fileAnalysis',
  annexNo: 'costXml',
  annexName: '造价文件',
} as const;
