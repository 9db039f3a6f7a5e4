import { z } from 'zod';
import { TABLE_PAGE_SIZES } from './constants.ts';
import { envelopeOf } from './envelope.ts';
import { UploadedFileSchema } from './files.ts';
import { FormGroupSchema, FormItemSchema, FormOptionSchema, type ValueKind } from './form-schema.ts';
import { BusinessIdSchema, UserIdSchema } from './ids.ts';
import {
  AuditWaySchema,
  CardStyleSchema,
  FilterItemSchema,
  NodeFunctionSchema,
  TableColumnSchema,
} from './node-definition.ts';

/**
 * The records runtime (docs/architecture.md, "Filters and lists"): lists, forms,
 * saves, history, export/import and charts over a node's published definition. Every call names
 * its node by `systemCoding` (the system's code) and `gnCoding` (功能编码, the node's code).
 */

// ————— record status —————
export const RECORD_STATUSES = [
  'draft',
  'submitted',
  'approved',
  'rejected',
  'revoked',
  'published',
] as const;
export const RecordStatusSchema = z.enum(RECORD_STATUSES, '记录状态无效');
export type RecordStatus = z.infer<typeof RecordStatusSchema>;
export const RECORD_STATUS_LABELS: Record<RecordStatus, string> = {
  draft: '草稿',
  submitted: '审核中',
  approved: '已通过',
  rejected: '已退回',
  revoked: '已撤回',
  published: '已发布',
};
/** Colour of the status tag of each status (antd preset palette). */
export const RECORD_STATUS_COLORS: Record<RecordStatus, string> = {
  draft: '#8c8c8c',
  submitted: '#1677ff',
  approved: '#52c41a',
  rejected: '#ff4d4f',
  revoked: '#faad14',
  published: '#13c2c2',
};
/** Statuses in which the owner may still change a record. */
export const EDITABLE_STATUSES: readonly RecordStatus[] = ['draft', 'rejected', 'revoked'];
export const isRecordStatus = (value: string): value is RecordStatus =>
  (RECORD_STATUSES as readonly string[]).includes(value);
export const statusColor = (status: string): string =>
  isRecordStatus(status) ? RECORD_STATUS_COLORS[status] : '#8c8c8c';
export const statusName = (status: string): string =>
  isRecordStatus(status) ? RECORD_STATUS_LABELS[status] : status;

/**
 * The audit state the workflow writes on a record: '' (never submitted), pending (a level is
 * reviewing), passed (every level passed), rejected, revoked.
 */
export const AUDIT_STATES = ['', 'pending', 'passed', 'rejected', 'revoked'] as const;
export type AuditState = (typeof AUDIT_STATES)[number];
export const AUDIT_STATE_LABELS: Record<AuditState, string> = {
  '': '未提交',
  pending: '审核中',
  passed: '审核通过',
  rejected: '审核退回',
  revoked: '已撤回',
};
export const AUDIT_STATE_COLORS: Record<AuditState, string> = {
  '': '#8c8c8c',
  pending: '#1677ff',
  passed: '#52c41a',
  rejected: '#ff4d4f',
  revoked: '#faad14',
};
export const auditColor = (auditState: string): string =>
  AUDIT_STATE_COLORS[
    (AUDIT_STATES as readonly string[]).includes(auditState) ? (auditState as AuditState) : ''
  ];
export const auditStateName = (auditState: string): string =>
  (AUDIT_STATES as readonly string[]).includes(auditState)
    ? AUDIT_STATE_LABELS[auditState as AuditState]
    : auditState;

// ————— messages —————
export const RECORD_NOT_FOUND_MESSAGE = '数据不存在';
export const RECORD_CONFLICT_MESSAGE = '数据已被他人修改，请刷新后重试';
export const RECORD_NOT_EDITABLE_MESSAGE = '当前状态的数据不能修改';
export const RECORD_NOT_DELETABLE_MESSAGE = '当前状态的数据不能删除';
export const RECORD_INVALID_MESSAGE = '数据校验未通过，请检查标红的字段';
export const NO_DATA_ACCESS_MESSAGE = '无权访问该功能的数据';
/** A published node's definition asked for by a user with no function on it and no review of it. */
export const NODE_ACCESS_DENIED_MESSAGE = '无权访问该功能';
export const FUNCTION_DENIED_MESSAGE = (name: string) => `无权执行${name}操作`;
export const PAGE_SIZE_MESSAGE = '每页条数只能为10、20、30或50';
/** Deep offsets are capped (docs/architecture.md, "Filters and lists"): past this many rows a person narrows the query. */
export const MAX_LIST_OFFSET = 10000;
export const DEEP_PAGE_MESSAGE = `最多可翻阅前${MAX_LIST_OFFSET}条数据，请增加筛选条件缩小范围`;
/** A keyset page's anchor record is not one of the caller's list (removed from view, or never was). */
export const PAGE_ANCHOR_MESSAGE = '翻页位置已失效，请返回第一页';
/**
 * Up to this many matching rows the total is exact; above it the planner's estimate (totalExact
 * false). Every list reads up to this many rows plus one to know which (decision 0013).
 */
export const EXACT_COUNT_LIMIT = 1000;
export const UNKNOWN_FIELD_MESSAGE = (field: string) => `不支持按字段「${field}」筛选`;
export const UNKNOWN_OPERATOR_MESSAGE = (field: string) => `字段「${field}」不支持该筛选方式`;
export const FILTER_VALUE_MESSAGE = (field: string) => `字段「${field}」的筛选值无效`;
export const FILTER_TOO_DEEP_MESSAGE = '筛选条件嵌套层级过深';
export const FILTER_TOO_MANY_MESSAGE = '筛选条件过多';
export const SORT_FIELD_MESSAGE = '不支持按该字段排序';
export const CHART_NOT_FOUND_MESSAGE = '图表不存在';
export const SAVED_MESSAGE = '保存成功';
export const DELETED_MESSAGE = '删除成功';
export const IMPORTED_MESSAGE = (count: number) => `成功导入${count}条数据`;
export const IMPORT_REJECTED_MESSAGE = (count: number) => `有${count}行数据未通过校验，未导入任何数据`;
export const IMPORT_FILE_MESSAGE = '请上传由导入模板填写的xlsx文件';
export const IMPORT_EMPTY_MESSAGE = '导入文件中没有数据';
export const IMPORT_MAX_ROWS = 5000;
export const IMPORT_TOO_MANY_MESSAGE = `一次最多导入${IMPORT_MAX_ROWS}行数据`;
/**
 * Entering a record on behalf of an enterprise (decision 0060): an administrator names the
 * enterprise account a new record of a node that accepts it belongs to (`ownerUserId`).
 */
export const ON_BEHALF_MESSAGES = {
  /** The form's 所属企业 rule. */
  ownerRequired: '请选择所属企业',
  /** A select whose options follow the record's enterprise, before one is chosen. */
  ownerFirst: '请先选择所属企业',
  ownerMissing: '所选企业不存在或已注销',
  ownerInactive: '所选企业已停用或尚未激活',
  adminOnly: '只有管理员可以代企业录入',
  notAccepted: '该功能不支持代企业录入',
  ownerFixed: '已保存的数据不能更换所属企业',
} as const;

// ————— node identity —————
export const NodeRefSchema = z.object({
  systemCoding: z.string().trim().min(1, '请选择系统').max(60),
  gnCoding: z.string().trim().min(1, '请选择功能').max(60),
});
export type NodeRef = z.infer<typeof NodeRefSchema>;
const RecordIdSchema = z.string().uuid(RECORD_NOT_FOUND_MESSAGE);
/** The enterprise account an administrator enters a new record for (decision 0060). */
const OwnerUserIdSchema = z.string().uuid(ON_BEHALF_MESSAGES.ownerMissing);

// ————— filters —————
/**
 * Filter operators of the `where` tree. Which apply to a field depends on its value kind
 * (FILTER_OPERATORS_BY_KIND); the server refuses any other pair.
 */
export const FILTER_OPERATORS = [
  'eq',
  'ne',
  'contains',
  'startsWith',
  'in',
  'notIn',
  'gt',
  'gte',
  'lt',
  'lte',
  'between',
  'isEmpty',
  'isNotEmpty',
  /** multi: the record holds any of the values. */
  'hasAny',
  /** multi: the record holds all of the values. */
  'hasAll',
  /** path (cascader): the record's path starts with the given path. */
  'pathPrefix',
  /** daterange: the record's range overlaps [from, to]. */
  'overlaps',
] as const;
export const FilterOperatorSchema = z.enum(FILTER_OPERATORS, '筛选方式无效');
export type FilterOperator = z.infer<typeof FilterOperatorSchema>;
export const FILTER_OPERATOR_LABELS: Record<FilterOperator, string> = {
  eq: '等于',
  ne: '不等于',
  contains: '包含',
  startsWith: '开头是',
  in: '属于',
  notIn: '不属于',
  gt: '大于',
  gte: '大于等于',
  lt: '小于',
  lte: '小于等于',
  between: '介于',
  isEmpty: '为空',
  isNotEmpty: '不为空',
  hasAny: '包含任一',
  hasAll: '包含全部',
  pathPrefix: '属于层级',
  overlaps: '时间有交集',
};
/** Kind of the envelope columns a where tree may also name. */
export const ENVELOPE_FILTER_KINDS = {
  status: 'text',
  audit_state: 'text',
  business_id: 'text',
  created_at: 'datetime',
  updated_at: 'datetime',
  submitted_at: 'datetime',
  confirmed_at: 'datetime',
} as const satisfies Record<string, ValueKind>;
const COMPARABLE = [
  'eq',
  'ne',
  'in',
  'notIn',
  'gt',
  'gte',
  'lt',
  'lte',
  'between',
  'isEmpty',
  'isNotEmpty',
] as const;
export const FILTER_OPERATORS_BY_KIND: Record<ValueKind, readonly FilterOperator[]> = {
  text: ['eq', 'ne', 'contains', 'startsWith', 'in', 'notIn', 'isEmpty', 'isNotEmpty'],
  number: COMPARABLE,
  integer: COMPARABLE,
  boolean: ['eq', 'ne', 'isEmpty', 'isNotEmpty'],
  date: COMPARABLE,
  datetime: COMPARABLE,
  daterange: ['overlaps', 'isEmpty', 'isNotEmpty'],
  multi: ['hasAny', 'hasAll', 'isEmpty', 'isNotEmpty'],
  path: ['pathPrefix', 'eq', 'isEmpty', 'isNotEmpty'],
};
export type FilterScalar = string | number | boolean | null;
export type FilterValue = FilterScalar | FilterScalar[];
export type FilterCondition = { field: string; operator: FilterOperator; value?: FilterValue };
export type FilterGroup = { op: 'and' | 'or'; children: FilterTree[] };
/** The `where` JSON tree: groups of and/or over conditions (docs/architecture.md, "Filters and lists"). */
export type FilterTree = FilterGroup | FilterCondition;
export const FILTER_TREE_MAX_DEPTH = 6;
export const FILTER_TREE_MAX_NODES = 100;
export const FILTER_IN_MAX_VALUES = 500;

const FilterScalarSchema = z.union([z.string().max(500), z.number(), z.boolean(), z.null()]);
export const FilterConditionSchema = z.object({
  field: z.string().max(60),
  operator: FilterOperatorSchema,
  value: z.union([FilterScalarSchema, z.array(FilterScalarSchema).max(FILTER_IN_MAX_VALUES)]).optional(),
});
export const isFilterGroup = (tree: FilterTree): tree is FilterGroup => 'op' in tree;

/**
 * Shape check of a where tree without recursion in the validator (a hostile body may nest very
 * deep): walks iteratively, answers the first problem's message or null.
 */
export function filterTreeProblem(input: unknown): string | null {
  const stack: { node: unknown; depth: number }[] = [{ node: input, depth: 1 }];
  let count = 0;
  while (stack.length) {
    const { node, depth } = stack.pop() as { node: unknown; depth: number };
    if (depth > FILTER_TREE_MAX_DEPTH) return FILTER_TOO_DEEP_MESSAGE;
    if (++count > FILTER_TREE_MAX_NODES) return FILTER_TOO_MANY_MESSAGE;
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return '筛选条件格式错误';
    if ('op' in node) {
      const group = node as { op: unknown; children?: unknown };
      if (group.op !== 'and' && group.op !== 'or') return '筛选条件只能以“并且”或“或者”组合';
      if (!Array.isArray(group.children)) return '筛选条件格式错误';
      for (const child of group.children) stack.push({ node: child, depth: depth + 1 });
      continue;
    }
    const parsed = FilterConditionSchema.safeParse(node);
    if (!parsed.success) return parsed.error.issues[0]?.message ?? '筛选条件格式错误';
  }
  return null;
}
export const FilterTreeSchema = z.custom<FilterTree>((input) => filterTreeProblem(input) === null, {
  error: (issue) => filterTreeProblem(issue.input) ?? '筛选条件格式错误',
});

/** A search-bar tag: a column code and the typed value. */
export const SearchTagSchema = z.object({
  code: z.string().max(60),
  name: z.string().max(60).optional(),
  /** Value key (defaults to code). */
  bianma: z.string().max(60).optional(),
  val: z.union([z.string().max(500), z.number(), z.boolean()]),
});
export type SearchTag = z.infer<typeof SearchTagSchema>;

// ————— list —————
export const ListRecordsBodySchema = NodeRefSchema.extend({
  curPage: z.coerce.number().int('页码须为整数').min(1, '页码须从1开始').default(1),
  pageSize: z.coerce
    .number()
    .refine((size) => (TABLE_PAGE_SIZES as readonly number[]).includes(size), PAGE_SIZE_MESSAGE)
    .default(10),
  search: z.array(SearchTagSchema).max(30).optional(),
  /** Filter-card values by field code; arrays arrive joined by comma. */
  filters: z.record(z.string().max(60), z.string().max(2000)).optional(),
  where: FilterTreeSchema.optional(),
  sortField: z.string().max(60).optional(),
  sortOrder: z.enum(['asc', 'desc'], '排序方向只能为asc或desc').optional(),
  /**
   * Keyset paging, for the next or previous page past MAX_LIST_OFFSET (docs/architecture.md, "Filters and lists"): the page
   * that follows (`after`) or precedes (`before`) this record in the list's order, instead of an
   * offset. `curPage` is then only echoed.
   */
  after: z.string().uuid(PAGE_ANCHOR_MESSAGE).optional(),
  before: z.string().uuid(PAGE_ANCHOR_MESSAGE).optional(),
  /** Each row carries its fileList (card lists always do). */
  withFiles: z.boolean().optional(),
}).refine((body) => !(body.after && body.before), { message: PAGE_ANCHOR_MESSAGE, path: ['before'] });
export type ListRecordsBody = z.input<typeof ListRecordsBodySchema>;

export const RowOperationSchema = z.object({
  code: NodeFunctionSchema,
  name: z.string(),
  color: z.string(),
  show: z.boolean(),
  /**
   * 变更 only: whether the caller initiates a change of the record (its owner) or reviews the
   * changes asked for (an administrator); the dialog opens in that mode.
   */
  mode: z.enum(['initiate', 'check']).optional(),
});
export type RowOperation = z.infer<typeof RowOperationSchema>;

/** A list row: the record envelope plus each field's wire value under its code. */
export const RecordRowSchema = z
  .object({
    id: z.string(),
    businessId: BusinessIdSchema,
    version: z.number().int(),
    status: z.string(),
    statusName: z.string(),
    auditState: z.string(),
    statusColor: z.string(),
    auditColor: z.string(),
    createdAt: z.string(),
    submittedAt: z.string().nullable(),
    ownerName: z.string(),
    schemaVersion: z.number().int(),
    operations: z.array(RowOperationSchema),
    /**
     * Display labels of the option fields by code (select, radio, checkbox, cascader, dictionary and
     * value-range sources): the field's own value stays the stored code; a cascader's label path is
     * joined by '/', a multi choice's labels by '、'. Empty fields are absent.
     */
    labels: z.record(z.string(), z.string()),
    /**
     * The record's files the caller may see (fileList): on card lists
     * (get-view-list) and on lists asked `withFiles` (the qualification picker's image preview).
     */
    fileList: z.array(UploadedFileSchema).optional(),
  })
  .catchall(z.unknown());
export type RecordRow = z.infer<typeof RecordRowSchema>;

export const RecordPageSchema = z.object({
  records: z.array(RecordRowSchema),
  total: z.number().int(),
  /** False when total is the planner's estimate (more than EXACT_COUNT_LIMIT rows match). */
  totalExact: z.boolean(),
  curPage: z.number().int(),
  pageSize: z.number().int(),
  columns: z.array(TableColumnSchema),
  functions: z.array(NodeFunctionSchema),
  /** The card style of get-view-list (null for a table list or a node without one). */
  cardStyle: CardStyleSchema.nullable(),
});
export type RecordPage = z.infer<typeof RecordPageSchema>;
export const RecordPageEnvelopeSchema = envelopeOf(RecordPageSchema);

export const ColumnsEnvelopeSchema = envelopeOf(z.array(TableColumnSchema));

/** POST table-info/mtr: one record as a list row. */
export const RecordIdBodySchema = NodeRefSchema.extend({ id: RecordIdSchema });
export type RecordIdBody = z.infer<typeof RecordIdBodySchema>;
export const RecordRowEnvelopeSchema = envelopeOf(RecordRowSchema);

// ————— details —————
export const RecordDetailsBodySchema = NodeRefSchema.extend({ id: RecordIdSchema.optional() });
export type RecordDetailsBody = z.infer<typeof RecordDetailsBodySchema>;
export const RecordMetaSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  status: z.string(),
  auditState: z.string(),
  businessId: BusinessIdSchema,
  createdAt: z.string(),
  submittedAt: z.string().nullable(),
});
export type RecordMeta = z.infer<typeof RecordMetaSchema>;
export const AuditStepViewSchema = z.object({
  level: z.number().int(),
  name: z.string(),
  way: AuditWaySchema,
  /** Who holds the step: the task-assign dialog moves one reviewer's step (fromUserId). */
  reviewerUserId: z.string(),
  reviewerName: z.string(),
  /** '' while pending; 'pass' or 'reject' once acted. */
  result: z.string(),
  advice: z.string(),
  actedAt: z.string().nullable(),
});
export type AuditStepView = z.infer<typeof AuditStepViewSchema>;
/** One submission's audit flow: how it ended (AUDIT_INSTANCE_STATUSES), when it began, its steps. */
export const AuditRoundSchema = z.object({
  status: z.enum(['running', 'passed', 'rejected', 'revoked']),
  startedAt: z.string(),
  steps: z.array(AuditStepViewSchema),
});
export type AuditRound = z.infer<typeof AuditRoundSchema>;
export const RecordDetailsSchema = z.object({
  schemaVersion: z.number().int(),
  items: z.array(FormItemSchema),
  groups: z.array(FormGroupSchema),
  record: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).nullable(),
  meta: RecordMetaSchema.nullable(),
  functions: z.array(NodeFunctionSchema),
  operations: z.array(RowOperationSchema),
  /**
   * For an administrator on a node that accepts an owner chosen by one (decision 0060): the
   * enterprise account the record belongs to — none yet on a new record, whose form then asks for
   * 所属企业 — as {userId, name}; null for everyone else.
   */
  onBehalf: z.object({ owner: z.object({ userId: UserIdSchema, name: z.string() }).nullable() }).nullable(),
  audit: z
    .object({
      levels: z.array(z.object({ level: z.number().int(), name: z.string(), way: AuditWaySchema })),
      /** The steps of the record's latest flow (its latest submission). */
      steps: z.array(AuditStepViewSchema),
      /** The flows of its earlier submissions, oldest first: rejected or revoked rounds and their advice. */
      earlierRounds: z.array(AuditRoundSchema),
    })
    .nullable(),
});
export type RecordDetails = z.infer<typeof RecordDetailsSchema>;
export const RecordDetailsEnvelopeSchema = envelopeOf(RecordDetailsSchema);

// ————— save —————
const WireValueSchema = z.union([z.string().max(200000), z.number(), z.boolean(), z.null()]);
export const SaveRecordBodySchema = NodeRefSchema.extend({
  id: RecordIdSchema.optional(),
  /** The version the form loaded; required with id. */
  version: z.number().int().min(1).optional(),
  values: z.record(z.string().max(60), WireValueSchema),
  /**
   * 所属企业 (decision 0060): on a new record of a node that accepts it, the enterprise account an
   * administrator enters it for; a saved record keeps its owner.
   */
  ownerUserId: OwnerUserIdSchema.optional(),
});
export type SaveRecordBody = z.infer<typeof SaveRecordBodySchema>;
export const UpdatePartBodySchema = SaveRecordBodySchema.omit({ ownerUserId: true }).extend({
  id: RecordIdSchema,
  version: z.number({ error: '缺少数据版本' }).int().min(1),
});
export type UpdatePartBody = z.infer<typeof UpdatePartBodySchema>;
export const SaveResultSchema = z.object({ id: z.string(), version: z.number().int() });
export type SaveResult = z.infer<typeof SaveResultSchema>;
export const SaveResultEnvelopeSchema = envelopeOf(SaveResultSchema);
export const DeleteRecordQuerySchema = NodeRefSchema.extend({
  id: RecordIdSchema,
  version: z.coerce.number({ error: '缺少数据版本' }).int().min(1, '缺少数据版本'),
});
export type DeleteRecordQuery = z.infer<typeof DeleteRecordQuerySchema>;
/** submit, flow start, revoke and publish (the workflow's calls). */
export const RecordVersionBodySchema = NodeRefSchema.extend({
  id: RecordIdSchema,
  version: z.number().int().min(1).optional(),
});
export type RecordVersionBody = z.infer<typeof RecordVersionBodySchema>;
/**
 * POST /ks/records/actions/:code: runs a module action (decision 0030) on one record, over the
 * version the caller read; `body` is the action's own input, checked by the schema it registered.
 */
export const RunActionParamsSchema = z.object({
  code: z.string().trim().min(1, '请选择操作').max(40, '请选择操作'),
});
export const RunActionBodySchema = NodeRefSchema.extend({
  id: RecordIdSchema,
  version: z.number({ error: '缺少数据版本' }).int().min(1, '缺少数据版本'),
  body: z.record(z.string(), z.unknown()).default({}),
});
export type RunActionBody = z.infer<typeof RunActionBodySchema>;
export const RunActionResultSchema = z.object({ id: z.string(), version: z.number().int() });
export type RunActionResult = z.infer<typeof RunActionResultSchema>;
export const RunActionEnvelopeSchema = envelopeOf(RunActionResultSchema);
/** The refusal of an action no module registers (send, spread, margin until a trading module does). */
export const actionUnavailableMessage = (name: string) => `“${name}”功能尚未开放`;
/** The refusal of an action on a record whose status or audit state it does not apply to. */
export const actionNotApplicableMessage = (label: string) => `当前状态的数据不能执行${label}操作`;
export const ACTION_DONE_MESSAGE = '操作成功';
export const AuditBodySchema = NodeRefSchema.extend({
  id: RecordIdSchema,
  result: z.enum(['pass', 'reject'], '请选择审核结果'),
  advice: z.string().max(500, '审核意见不能超过500个字符').default(''),
});
export type AuditBody = z.input<typeof AuditBodySchema>;
export const AssignBodySchema = NodeRefSchema.extend({
  id: RecordIdSchema,
  level: z.number().int().min(1).max(9),
  userId: z.string().uuid('请选择审核人'),
});
export type AssignBody = z.infer<typeof AssignBodySchema>;

// ————— history —————
/**
 * POST /ks/common/common/record-revisions {systemCoding, gnCoding, id}: a record's revisions, newest
 * first. (POST /ks/common/common/logHistory {gnCoding, id} stays the operation-log drawer's call;
 * record operations are logged there with targetType = gnCoding and targetId = the record id.)
 */
export const RECORD_REVISIONS_PATH = '/ks/common/common/record-revisions';
export const REVISION_ACTIONS = [
  'create',
  'update',
  'delete',
  'import',
  'submit',
  'audit',
  'revoke',
  'publish',
  'assign',
  /** A passed change request wrote new values. */
  'change',
] as const;
export type RevisionAction = (typeof REVISION_ACTIONS)[number];
export const REVISION_ACTION_LABELS: Record<RevisionAction, string> = {
  create: '新增',
  update: '修改',
  delete: '删除',
  import: '导入',
  submit: '提交',
  audit: '审核',
  revoke: '撤回',
  publish: '发布',
  assign: '分配',
  change: '变更',
};
export const RevisionChangeSchema = z.object({
  field: z.string(),
  name: z.string(),
  oldValue: z.union([z.string(), z.number(), z.boolean(), z.null()]),
  newValue: z.union([z.string(), z.number(), z.boolean(), z.null()]),
});
export type RevisionChange = z.infer<typeof RevisionChangeSchema>;
export const RevisionSchema = z.object({
  version: z.number().int(),
  action: z.string(),
  actionName: z.string(),
  userName: z.string(),
  time: z.string(),
  dataList: z.array(RevisionChangeSchema),
});
export type Revision = z.infer<typeof RevisionSchema>;
export const RevisionsEnvelopeSchema = envelopeOf(z.array(RevisionSchema));

// ————— import —————
export const ImportReportSchema = z.object({
  imported: z.number().int(),
  rejected: z.array(z.object({ row: z.number().int(), errors: z.record(z.string(), z.string()) })),
});
export type ImportReport = z.infer<typeof ImportReportSchema>;
export const ImportReportEnvelopeSchema = envelopeOf(ImportReportSchema);
export const ImportTemplateQuerySchema = NodeRefSchema;

// ————— filters, options, buttons, charts —————
export const FilterFieldsBodySchema = NodeRefSchema.extend({
  displayCode: z.string().trim().min(1, '请输入筛选编码').max(40),
  headerFilter: z.unknown().optional(),
});
export const FilterFieldsSchema = z.object({ code: z.string(), result: z.array(FilterItemSchema) });
export const FilterFieldsEnvelopeSchema = envelopeOf(FilterFieldsSchema);
export type FilterFields = z.infer<typeof FilterFieldsSchema>;

/**
 * pull-down: options of a field (displayCode = the field code); key = the parent's value for child
 * selects; id = the record being edited (absent on a new one), which a module's per-caller options
 * may follow (decision 0058); ownerUserId = on a new one, the enterprise an administrator enters it
 * for (decision 0060).
 */
export const PullDownBodySchema = NodeRefSchema.extend({
  displayCode: z.string().trim().min(1, '请选择字段').max(60),
  key: z.string().max(500).optional(),
  whereStr: z.string().max(500).optional(),
  id: RecordIdSchema.optional(),
  ownerUserId: OwnerUserIdSchema.optional(),
});
export type PullDownBody = z.infer<typeof PullDownBodySchema>;
export const PullDownSchema = z.object({
  result: z.object({ list: z.array(FormOptionSchema), labelKey: z.string(), valueKey: z.string() }),
});
export const PullDownEnvelopeSchema = envelopeOf(PullDownSchema);
export const CertCascadeBodySchema = NodeRefSchema.extend({
  displayCode: z.string().trim().min(1, '请选择字段').max(60),
  id: RecordIdSchema.optional(),
  ownerUserId: OwnerUserIdSchema.optional(),
});
export const CertCascadeSchema = z.object({ code: z.string(), data: z.array(FormOptionSchema) });
export const CertCascadeEnvelopeSchema = envelopeOf(CertCascadeSchema);

/** A toolbar or form button; a module action's carries the colour it registered. */
export const ButtonSchema = z.object({
  code: NodeFunctionSchema,
  name: z.string(),
  color: z.string().optional(),
});
export type Button = z.infer<typeof ButtonSchema>;
export const ButtonsEnvelopeSchema = envelopeOf(z.array(ButtonSchema));
/**
 * Built-in functions shown in the table toolbar and in the form footer; the form footer also shows
 * the node's module actions, which act on one record.
 */
export const TABLE_BUTTONS: readonly string[] = ['save', 'import', 'export'];
export const FORM_BUTTONS: readonly string[] = ['save', 'submit', 'audit', 'revoke', 'assign', 'publish'];

export const ChartDataBodySchema = NodeRefSchema.extend({
  chartId: z.string().min(1, CHART_NOT_FOUND_MESSAGE).max(40),
});
export const ChartDataSchema = z.object({ categories: z.array(z.string()), series: z.array(z.number()) });
export type ChartData = z.infer<typeof ChartDataSchema>;
export const ChartDataEnvelopeSchema = envelopeOf(ChartDataSchema);

/** Colours of the per-row operations. */
export const OPERATION_COLORS: Partial<Record<string, string>> = {
  view: '#1677ff',
  save: '#1677ff',
  submit: '#52c41a',
  audit: '#722ed1',
  revoke: '#faad14',
  delete: '#ff4d4f',
  assign: '#13c2c2',
  publish: '#13c2c2',
};
