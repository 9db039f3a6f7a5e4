import { z } from 'zod';
import { envelopeOf } from './envelope.ts';
import { FormGroupSchema, FormItemSchema, schemaProblems } from './form-schema.ts';
import { NodeIdSchema, nodeIdInput } from './ids.ts';

/**
 * What the builder defines for one node ("Table column", "Filter definition",
 * "Card style", "System building") and the records runtime runs. A node has one draft and a
 * numbered series of published versions; records and running audits keep the version they were
 * made with (docs/architecture.md, "Drafts and published definitions").
 */

// ————— list columns —————
export const COLUMN_TYPES = [
  'text',
  'status',
  'auditFlow',
  'changeStatus',
  'dui',
  'switch',
  'link',
  'state',
  'operations',
] as const;
export const ColumnTypeSchema = z.enum(COLUMN_TYPES, '请选择列类型');
export type ColumnType = z.infer<typeof ColumnTypeSchema>;
export const COLUMN_TYPE_LABELS: Record<ColumnType, string> = {
  text: '文本',
  status: '状态',
  auditFlow: '审核流程',
  changeStatus: '变更状态',
  dui: '对勾',
  switch: '开关',
  link: '链接',
  state: '数据状态',
  operations: '操作',
};
/**
 * Columns that show the record envelope rather than a form field: status and auditFlow read the
 * record's status and audit state, operations the per-row operations the server decides.
 */
export const ENVELOPE_COLUMN_CODES = [
  'business_id',
  'status',
  'audit_state',
  'submitted_at',
  'created_at',
  'operations',
] as const;

export const TableColumnSchema = z.object({
  code: z.string().trim().min(1, '请选择列字段').max(40),
  name: z.string().trim().min(1, '请输入列名称').max(40, '列名称不能超过40个字符'),
  show: z.boolean().default(true),
  type: ColumnTypeSchema.default('text'),
  /** Offered in the search bar. */
  isSearch: z.boolean().default(false),
  /** The column that carries statusColor. */
  isStatus: z.boolean().default(false),
  listAlignment: z.enum(['left', 'right', 'center'], '请选择对齐方式').default('left'),
  width: z.number().int().min(0).max(2000, '列宽不能超过2000').default(0),
  sortable: z.boolean().default(false),
});
export type TableColumn = z.infer<typeof TableColumnSchema>;

// ————— filters —————
/**
 * A filter item's type: the filter types, plus the rest of the select-type filters (filter-select,
 * select-filter, select-edit, auditFlow), which filter as a select does.
 */
export const FILTER_ITEM_TYPES = [
  'text',
  'select',
  'select-link',
  'select-multiple',
  'cascader',
  'daterange',
  'filter-select',
  'select-filter',
  'select-edit',
  'auditFlow',
] as const;
export const FilterItemTypeSchema = z.enum(FILTER_ITEM_TYPES, '请选择筛选类型');
export type FilterItemType = z.infer<typeof FilterItemTypeSchema>;
export type FilterOption = { label: string; value: string; children?: FilterOption[] };
export const FilterOptionSchema: z.ZodType<FilterOption> = z.lazy(() =>
  z.object({ label: z.string(), value: z.string(), children: z.array(FilterOptionSchema).optional() }),
);
export const FilterItemSchema = z.object({
  name: z.string().trim().min(1, '请输入筛选项名称').max(40),
  /** The field filtered on. */
  code: z.string().trim().min(1, '请选择筛选字段').max(40),
  type: FilterItemTypeSchema,
  /** Fixed options; empty means the field's own options are used. */
  dataList: z.array(FilterOptionSchema).max(500).default([]),
});
export type FilterItem = z.infer<typeof FilterItemSchema>;
/** A filter card. */
export const FilterDefinitionSchema = z.object({
  displayCode: z.string().trim().min(1, '请输入筛选编码').max(40),
  displayList: z.array(FilterItemSchema).max(30, '一个筛选最多30项').default([]),
});
export type FilterDefinition = z.infer<typeof FilterDefinitionSchema>;

// ————— card style —————
export const CARD_WIDTHS = ['100%', '50%', '33.3%'] as const;
export const CardContentSchema = z.object({
  contentKey: z.string().min(1, '请选择内容字段'),
  fontSize: z.number().int().min(10).max(40).default(14),
  color: z.string().max(20).default(''),
  style: z.string().max(200).default(''),
});
export const CardStyleSchema = z.object({
  titleKey: z.string().min(1, '请选择标题字段'),
  titleFontSize: z.number().int().min(10).max(40).default(16),
  titleFontStyle: z.enum(['normal', 'bold', 'italic']).default('bold'),
  width: z.enum(CARD_WIDTHS, '卡片宽度只能为100%、50%或33.3%').default('100%'),
  contents: z.array(CardContentSchema).max(20).default([]),
});
export type CardStyle = z.infer<typeof CardStyleSchema>;

// ————— charts —————
export const CHART_KINDS = ['bar', 'line', 'pie'] as const;
export const CHART_MEASURES = ['count', 'sum', 'avg'] as const;
/** An ECharts chart over the node's data, aggregated on the server (/system/echartsSetting). */
export const ChartDefinitionSchema = z.object({
  id: z.string().min(1).max(40),
  title: z.string().trim().min(1, '请输入图表标题').max(40, '图表标题不能超过40个字符'),
  kind: z.enum(CHART_KINDS, '请选择图表类型'),
  /** The field rows are grouped by. */
  dimension: z.string().min(1, '请选择分组字段'),
  measure: z.enum(CHART_MEASURES, '请选择统计方式').default('count'),
  /** The numeric field summed or averaged (not for count). */
  measureField: z.string().default(''),
});
export type ChartDefinition = z.infer<typeof ChartDefinitionSchema>;

// ————— functions (buttons) —————
/**
 * The engine's own functions, in the button dictionary's order (POST
 * /ks/base/dictionary/config/button/pull-down). Every other function is a module action: a module
 * registers it with the engine (code, label, colour, the record states it applies to, its body and
 * handler; decision 0030), and the dictionary lists it beside these only while one is registered.
 */
export const BUILTIN_FUNCTIONS = [
  'save',
  'submit',
  'audit',
  'revoke',
  'delete',
  'export',
  'import',
  'assign',
  'publish',
  'view',
] as const;
export type BuiltinFunction = (typeof BUILTIN_FUNCTIONS)[number];
export const isBuiltinFunction = (code: string): code is BuiltinFunction =>
  (BUILTIN_FUNCTIONS as readonly string[]).includes(code);
/** A module action's code: a short identifier, also its operation-log and revision name. */
export const ACTION_CODE_PATTERN = /^[a-z][a-zA-Z0-9]{1,39}$/;
/** A function a node may offer: a built-in one or a module action's code (checked against the registry by the server). */
export const NodeFunctionSchema = z
  .string('请从按钮字典中选择功能')
  .regex(ACTION_CODE_PATTERN, '请从按钮字典中选择功能');
/** A built-in function, or a module action's code. */
export type NodeFunction = BuiltinFunction | (string & {});
export const NODE_FUNCTION_LABELS: Record<BuiltinFunction, string> = {
  save: '保存',
  submit: '提交',
  audit: '审核',
  revoke: '撤回',
  delete: '删除',
  export: '导出',
  import: '导入',
  assign: '分配',
  publish: '发布',
  view: '查看',
};
/**
 * Actions the specification names (/ks/monitor/send, spread, margin) without saying what they do: the
 * trading modules give them their behaviour by registering them; until one does, they are
 * unavailable, and these names are what a refusal calls them.
 */
export const SPEC_ACTION_LABELS: Record<string, string> = { send: '发送', spread: '展开', margin: '保证金' };
/** How a function is called where nothing better is known: its built-in or spec name, else its code. */
export const functionName = (code: string): string =>
  isBuiltinFunction(code) ? NODE_FUNCTION_LABELS[code] : (SPEC_ACTION_LABELS[code] ?? code);
/**
 * The message for a draft offering functions that are neither built in nor registered by a module
 * (`isAvailable` answers for the latter), or null when it offers none.
 */
export function unavailableFunctionsProblem(
  functions: readonly string[],
  isAvailable: (code: string) => boolean,
): string | null {
  const unavailable = functions.filter((code) => !isBuiltinFunction(code) && !isAvailable(code));
  if (unavailable.length === 0) return null;
  return `“${unavailable.map(functionName).join('”“')}”功能尚未开放，请取消勾选`;
}

// ————— audit flow —————
/** single: one named reviewer; any: any one member of the organisation (或签); all: every member (会签). */
export const AUDIT_WAYS = ['single', 'any', 'all'] as const;
export const AuditWaySchema = z.enum(AUDIT_WAYS, '请选择审核方式');
export type AuditWay = z.infer<typeof AuditWaySchema>;
export const AUDIT_WAY_LABELS: Record<AuditWay, string> = { single: '单人审核', any: '或签', all: '会签' };
export const AuditLevelSchema = z
  .object({
    level: z.number().int().min(1).max(9),
    name: z.string().trim().min(1, '请输入审核级别名称').max(20, '审核级别名称不能超过20个字符'),
    way: AuditWaySchema,
    /** For single: the reviewer's user id. */
    reviewerUserId: z.string().default(''),
    /** For any / all: the reviewer organisation (/ks/authority/audit/audit-orgs). */
    orgId: z.string().default(''),
  })
  .refine((level) => (level.way === 'single' ? level.reviewerUserId !== '' : level.orgId !== ''), {
    message: '请为审核级别选择审核人或审核机构',
  });
export type AuditLevel = z.infer<typeof AuditLevelSchema>;
export const AuditConfigSchema = z.object({
  levels: z.array(AuditLevelSchema).max(9, '审核级别最多9级').default([]),
});
export type AuditConfig = z.infer<typeof AuditConfigSchema>;

// ————— the whole definition —————
export const ListSetupSchema = z.object({
  columns: z.array(TableColumnSchema).max(60, '列表最多60列').default([]),
  filters: z.array(FilterDefinitionSchema).max(10).default([]),
  cardStyle: CardStyleSchema.nullable().default(null),
  /** 'table' or 'card': how dynamicIndex shows the list. */
  view: z.enum(['table', 'card']).default('table'),
  /** Default sort: a field or envelope column and a direction. */
  sortField: z.string().default('created_at'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
});
export type ListSetup = z.infer<typeof ListSetupSchema>;

/** The shape of a definition without its cross-checks: what stored definitions and answers are read with. */
export const NodeDefinitionShapeSchema = z.object({
  form: z
    .object({
      items: z.array(FormItemSchema).max(300, '一个表单最多300个字段').default([]),
      groups: z.array(FormGroupSchema).max(50).default([]),
    })
    .default({ items: [], groups: [] }),
  list: ListSetupSchema.default(ListSetupSchema.parse({})),
  charts: z.array(ChartDefinitionSchema).max(20).default([]),
  functions: z.array(NodeFunctionSchema).max(60, '一个节点最多60个功能').default([]),
  audit: AuditConfigSchema.default({ levels: [] }),
  /**
   * 允许审核通过后变更: the node offers change requests on its records whose audit passed (spec
   * 000, the change workflow). Absent: off.
   */
  allowChangeAfterApproval: z.boolean().optional(),
});

/** Envelope columns a default sort may name besides the form's fields. */
export const SORTABLE_ENVELOPE_CODES = [
  'business_id',
  'status',
  'audit_state',
  'created_at',
  'submitted_at',
  'updated_at',
] as const;
/**
 * Envelope columns a filter card may filter on besides the form's fields: the record's status and
 * its audit state (the 审核状态 filter, type auditFlow), whose options the server supplies.
 */
export const FILTERABLE_ENVELOPE_CODES = ['status', 'audit_state'] as const;
/** Item types a chart may sum or average. */
export const NUMBER_ITEM_TYPES = ['number', 'input-number', 'computed-number'] as const;

export const listColumnUnknownMessage = (name: string, code: string) =>
  `列「${name}」的字段 ${code} 不是表单字段或记录字段`;
export const filterFieldUnknownMessage = (name: string, code: string) =>
  `筛选项「${name}」的字段 ${code} 不是表单字段或记录状态`;
export const columnUnsortableMessage = (name: string) => `列「${name}」不能排序`;
export const cardTitleUnknownMessage = (code: string) => `卡片标题字段 ${code} 不是表单字段`;
export const cardContentUnknownMessage = (code: string) => `卡片内容字段 ${code} 不是表单字段`;
export const chartDimensionUnknownMessage = (title: string, code: string) =>
  `图表「${title}」的分组字段 ${code} 不是表单字段`;
export const chartMeasureFieldMessage = (title: string) =>
  `图表「${title}」按求和或平均统计时，统计字段须为数字字段`;
export const sortFieldUnknownMessage = (code: string) => `默认排序字段 ${code} 不是表单字段或记录字段`;
export const AUDIT_LEVEL_ORDER_MESSAGE = '审核级别须从1开始依次编号';
export const AUDIT_FUNCTION_MISSING_MESSAGE = '配置了审核级别时，功能中须包含“审核”';

export type DefinitionProblem = { path: (string | number)[]; message: string };

/**
 * Cross-checks of a whole definition that its parts cannot make alone: every list column, filter,
 * card key, chart field and sort names a form field (or a record envelope column where that makes
 * sense); audit levels are numbered 1..n and need the audit function. Used by the schema below,
 * so the builder page and the server refuse the same definitions with the same words.
 */
export function definitionProblems(
  definition: z.infer<typeof NodeDefinitionShapeSchema>,
): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const items = new Map(definition.form.items.map((item) => [item.code, item]));
  const isFormCode = (code: string) => items.has(code);
  const envelope = new Set<string>(ENVELOPE_COLUMN_CODES);
  definition.list.columns.forEach((column, index) => {
    if (!isFormCode(column.code) && !envelope.has(column.code))
      problems.push({
        path: ['list', 'columns', index, 'code'],
        message: listColumnUnknownMessage(column.name, column.code),
      });
  });
  const sortable = new Set<string>(SORTABLE_ENVELOPE_CODES);
  definition.list.columns.forEach((column, index) => {
    // The table sorts by a column's code: only fields and sortable envelope columns have an order.
    if (column.sortable && !isFormCode(column.code) && !sortable.has(column.code))
      problems.push({
        path: ['list', 'columns', index, 'sortable'],
        message: columnUnsortableMessage(column.name),
      });
  });
  const filterable = new Set<string>(FILTERABLE_ENVELOPE_CODES);
  definition.list.filters.forEach((filter, filterIndex) => {
    filter.displayList.forEach((item, index) => {
      if (!isFormCode(item.code) && !filterable.has(item.code))
        problems.push({
          path: ['list', 'filters', filterIndex, 'displayList', index, 'code'],
          message: filterFieldUnknownMessage(item.name, item.code),
        });
    });
  });
  const card = definition.list.cardStyle;
  if (card) {
    if (!isFormCode(card.titleKey))
      problems.push({
        path: ['list', 'cardStyle', 'titleKey'],
        message: cardTitleUnknownMessage(card.titleKey),
      });
    card.contents.forEach((content, index) => {
      if (!isFormCode(content.contentKey))
        problems.push({
          path: ['list', 'cardStyle', 'contents', index, 'contentKey'],
          message: cardContentUnknownMessage(content.contentKey),
        });
    });
  }
  if (!isFormCode(definition.list.sortField) && !sortable.has(definition.list.sortField))
    problems.push({
      path: ['list', 'sortField'],
      message: sortFieldUnknownMessage(definition.list.sortField),
    });
  definition.charts.forEach((chart, index) => {
    if (!isFormCode(chart.dimension))
      problems.push({
        path: ['charts', index, 'dimension'],
        message: chartDimensionUnknownMessage(chart.title, chart.dimension),
      });
    if (chart.measure !== 'count') {
      const field = items.get(chart.measureField);
      if (!field || !(NUMBER_ITEM_TYPES as readonly string[]).includes(field.type))
        problems.push({
          path: ['charts', index, 'measureField'],
          message: chartMeasureFieldMessage(chart.title),
        });
    }
  });
  const levels = definition.audit.levels;
  if (levels.some((level, index) => level.level !== index + 1))
    problems.push({ path: ['audit', 'levels'], message: AUDIT_LEVEL_ORDER_MESSAGE });
  if (levels.length > 0 && !definition.functions.includes('audit'))
    problems.push({ path: ['functions'], message: AUDIT_FUNCTION_MISSING_MESSAGE });
  return problems;
}

/** A definition as a developer saves it: its shape plus every cross-check. */
export const NodeDefinitionSchema = NodeDefinitionShapeSchema.superRefine((definition, context) => {
  for (const problem of schemaProblems(definition.form.items))
    context.addIssue({ code: 'custom', message: problem, path: ['form', 'items'] });
  for (const problem of definitionProblems(definition))
    context.addIssue({ code: 'custom', message: problem.message, path: problem.path });
});
export type NodeDefinition = z.infer<typeof NodeDefinitionSchema>;
export type NodeDefinitionInput = z.input<typeof NodeDefinitionSchema>;
export const emptyNodeDefinition = (): NodeDefinition => NodeDefinitionSchema.parse({});

/** A node's data source: a table of the business-data schema the builder created or bound. */
export const DataSourceSchema = z.object({
  tableName: z.string(),
  mode: z.enum(['created', 'bound']),
});
export type DataSource = z.infer<typeof DataSourceSchema>;

/** The published definition the runtime serves (GET by systemCoding + gnCoding). */
export const PublishedNodeSchema = z.object({
  nodeId: NodeIdSchema,
  systemCoding: z.string(),
  gnCoding: z.string(),
  title: z.string(),
  schemaVersion: z.number().int(),
  definition: NodeDefinitionShapeSchema,
});
export type PublishedNode = z.infer<typeof PublishedNodeSchema>;
export const PublishedNodeEnvelopeSchema = envelopeOf(PublishedNodeSchema);

// ————— builder calls for a node's definition —————
/** GET /ks/config/new/node/previews?nodeId=: the draft with its version and what is published. */
export const NodeIdQuerySchema = z.object({ nodeId: nodeIdInput('请选择节点') });
export const DraftStateSchema = z.object({
  nodeId: NodeIdSchema,
  definition: NodeDefinitionShapeSchema,
  /** The draft's version for optimistic locking; 0 while never saved. */
  version: z.number().int(),
  /** The latest published schema version; 0 while never published. */
  publishedVersion: z.number().int(),
  dataSource: DataSourceSchema.nullable(),
});
export type DraftState = z.infer<typeof DraftStateSchema>;
export const DraftStateEnvelopeSchema = envelopeOf(DraftStateSchema);
/** POST /ks/config/new/node/update-preview: saves the draft. */
export const UpdatePreviewBodySchema = z.object({
  nodeId: nodeIdInput('请选择节点'),
  definition: NodeDefinitionSchema,
  version: z.number().int(),
});
export type UpdatePreviewBody = z.input<typeof UpdatePreviewBodySchema>;
/** POST /ks/config/new/node/publish. */
export const PublishBodySchema = z.object({ nodeId: nodeIdInput('请选择节点') });
export const PublishResultSchema = z.object({ schemaVersion: z.number().int(), tableName: z.string() });
export const PublishResultEnvelopeSchema = envelopeOf(PublishResultSchema);
export const DRAFT_SAVED_MESSAGE = '配置已保存';
export const PUBLISHED_MESSAGE = '发布成功';
/** GET /ks/config/node/published?systemCoding=&gnCoding=: what the runtime pages render (any session). */
export const PublishedQuerySchema = z.object({
  systemCoding: z.string().trim().min(1, '请选择系统'),
  gnCoding: z.string().trim().min(1, '请选择功能'),
  /** A given schema version (records made with an older one read it); absent: the latest. */
  version: z.coerce.number().int('版本号须为正整数').min(1, '版本号须为正整数').optional(),
});
