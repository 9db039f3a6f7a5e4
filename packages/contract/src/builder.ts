import { z } from 'zod';
import { envelopeOf } from './envelope.ts';
import { NodeIdSchema, nodeIdInput } from './ids.ts';
import { ACTION_CODE_PATTERN, NodeDefinitionShapeSchema } from './node-definition.ts';
import { LoginRoleTypeSchema } from './session.ts';
import { ItShowsSchema, NewSystemBodySchema, NodePropertySchema, SYSTEM_CODING_PATTERN } from './shell.ts';

/**
 * System building: developers create systems and edit their menu
 * trees. Every route of this area is for developers only.
 */

/** Answer of POST /ks/config/new/structure/add (the response carries gnName and gnCoding). */
export const NewSystemResultSchema = z.object({ id: z.string(), gnName: z.string(), gnCoding: z.string() });
export type NewSystemResult = z.infer<typeof NewSystemResultSchema>;
export const NewSystemEnvelopeSchema = envelopeOf(NewSystemResultSchema);
export const SYSTEM_CREATED_MESSAGE = '系统已生成';
export const SYSTEM_CODING_TAKEN_MESSAGE = '系统编码已被使用，请换一个编码';
export const NODE_CODING_TAKEN_MESSAGE = '该系统中已有相同的功能编码，请换一个编码';
export const MOVE_INTO_OWN_SUBTREE_MESSAGE = '不能把节点移动到它自己或它的下级节点之下';

/** A system as the all-systems page lists it: with its version (for renames) and live node count. */
export const BuilderSystemSchema = z.object({
  id: z.string(),
  systemName: z.string(),
  title: z.string(),
  gnCoding: z.string(),
  levels: z.string(),
  nodeCount: z.number().int(),
  version: z.number().int(),
});
export type BuilderSystem = z.infer<typeof BuilderSystemSchema>;
export const BuilderSystemEnvelopeSchema = envelopeOf(BuilderSystemSchema);
export const BuilderSystemListEnvelopeSchema = envelopeOf(z.array(BuilderSystemSchema));

export const RenameSystemBodySchema = z.object({
  id: z.string().uuid('请选择系统'),
  systemName: z.string().trim().min(1, '请输入系统全称').max(60, '系统全称不能超过60个字符'),
  version: z.number().int(),
});
export type RenameSystemBody = z.infer<typeof RenameSystemBodySchema>;

/** DELETE /ks/config/new/structure/del: a system (systemId) or one node with its subtree (nodeId). */
export const DeleteStructureQuerySchema = z
  .object({
    systemId: z.string().uuid('请选择系统').optional(),
    nodeId: nodeIdInput('请选择节点').optional(),
  })
  .refine((query) => (query.systemId ? 1 : 0) + (query.nodeId ? 1 : 0) === 1, '请指定要删除的系统或节点');
export type DeleteStructureQuery = z.infer<typeof DeleteStructureQuerySchema>;
export const DeleteResultSchema = z.object({ deletedNodes: z.number().int() });
export const DeleteResultEnvelopeSchema = envelopeOf(DeleteResultSchema);

/**
 * Icon names a menu node or group may carry: the antd icons the shell's aside renders
 * (features/shell/lib/menu-icons.tsx). Kept here so the server refuses a name the web could not show.
 */
export const NODE_LOGOS = [
  'AppstoreOutlined',
  'AuditOutlined',
  'BankOutlined',
  'BarChartOutlined',
  'FileProtectOutlined',
  'FileSearchOutlined',
  'FundOutlined',
  'IdcardOutlined',
  'LayoutOutlined',
  'LineChartOutlined',
  'NotificationOutlined',
  'PieChartOutlined',
  'ProjectOutlined',
  'SafetyCertificateOutlined',
] as const;
/** Icons offered for groups and directories (POST /ks/config/group/group-icons). */
export const GROUP_ICONS = [
  'AppstoreOutlined',
  'LayoutOutlined',
  'ProjectOutlined',
  'BankOutlined',
  'FundOutlined',
] as const;
export const IconListEnvelopeSchema = envelopeOf(z.array(z.string()));
const IconSchema = z.enum(['', ...NODE_LOGOS], '请从图标列表中选择图标');

const NODE_CODING_MESSAGE = '功能编码须以字母开头，由字母、数字或下划线组成，保存后不可修改';
/** Fields of a menu node a developer edits. */
const NodeFieldsSchema = z.object({
  title: z.string().trim().min(1, '请输入节点名称').max(30, '节点名称不能超过30个字符'),
  icon: IconSchema.default(''),
  itShows: ItShowsSchema.default('是'),
  nodeProperties: NodePropertySchema,
  style: z.string().max(200, '样式不能超过200个字符').default(''),
  nodeSetFlag: z.boolean().default(false),
  disabled: z.boolean().default(false),
});
export const NodeCodingSchema = z
  .string()
  .trim()
  .min(1, '请输入功能编码')
  .max(40, '功能编码不能超过40个字符')
  .regex(SYSTEM_CODING_PATTERN, NODE_CODING_MESSAGE);

export const ChildMenuBodySchema = NodeFieldsSchema.extend({
  systemCoding: z.string().trim().min(1, '请选择系统'),
  /** null: a top-level node of the system. */
  parentId: z.string().uuid('请选择上级节点').nullable(),
  gnCoding: NodeCodingSchema,
});
export type ChildMenuBody = z.input<typeof ChildMenuBodySchema>;

/** Editing a node: gnCoding is absent on purpose — it never changes once set. */
export const EditNodeBodySchema = NodeFieldsSchema.extend({
  id: z.string().uuid('请选择节点'),
  gnCoding: z.string().optional(),
  version: z.number().int(),
});
export type EditNodeBody = z.input<typeof EditNodeBodySchema>;
export const NODE_CODING_IMMUTABLE_MESSAGE = '功能编码保存后不可修改';

/** A node as the builder edits it: the menu fields plus parent and version. */
export const BuilderNodeSchema = z.object({
  id: NodeIdSchema,
  parentId: z.string().nullable(),
  title: z.string(),
  icon: z.string(),
  itShows: ItShowsSchema,
  nodeProperties: NodePropertySchema,
  gnCoding: z.string(),
  style: z.string(),
  nodeSetFlag: z.boolean(),
  disabled: z.boolean(),
  sort: z.number().int(),
  version: z.number().int(),
});
export type BuilderNode = z.infer<typeof BuilderNodeSchema>;
export const BuilderNodeEnvelopeSchema = envelopeOf(BuilderNodeSchema);
export const BuilderNodeListEnvelopeSchema = envelopeOf(z.array(BuilderNodeSchema));
export const NodeListQuerySchema = z.object({ systemCoding: z.string().trim().min(1, '请选择系统') });

export const MoveNodeBodySchema = z.object({
  nodeId: nodeIdInput('请选择节点'),
  targetParentId: z.string().uuid('请选择目标节点').nullable(),
  index: z.number().int('位置须为整数').min(0, '位置不能小于0'),
});
export type MoveNodeBody = z.infer<typeof MoveNodeBodySchema>;

/** A display group (展示分组): a named, ordered set of a system's nodes (display-groups). */
export const DisplayGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  icon: z.string(),
  nodeIds: z.array(NodeIdSchema),
  sort: z.number().int(),
  version: z.number().int(),
});
export type DisplayGroup = z.infer<typeof DisplayGroupSchema>;
export const DisplayGroupEnvelopeSchema = envelopeOf(DisplayGroupSchema);
export const DisplayGroupListEnvelopeSchema = envelopeOf(z.array(DisplayGroupSchema));
export const DisplayGroupQuerySchema = z.object({ systemCoding: z.string().trim().min(1, '请选择系统') });
const DisplayGroupFieldsSchema = z.object({
  name: z.string().trim().min(1, '请输入分组名称').max(20, '分组名称不能超过20个字符'),
  icon: z.enum(['', ...GROUP_ICONS], '请从图标列表中选择图标').default(''),
  nodeIds: z.array(nodeIdInput('请选择节点')).max(200, '一个分组最多200个节点').default([]),
});
export const NewDisplayGroupBodySchema = DisplayGroupFieldsSchema.extend({
  systemCoding: z.string().trim().min(1, '请选择系统'),
});
export type NewDisplayGroupBody = z.input<typeof NewDisplayGroupBodySchema>;
export const EditDisplayGroupBodySchema = DisplayGroupFieldsSchema.extend({
  id: z.string().uuid('请选择分组'),
  version: z.number().int(),
});
export type EditDisplayGroupBody = z.input<typeof EditDisplayGroupBodySchema>;
export const DeleteDisplayGroupQuerySchema = z.object({ id: z.string().uuid('请选择分组') });
export const DISPLAY_GROUP_NAME_TAKEN_MESSAGE = '该系统中已有同名的展示分组';
export const DISPLAY_GROUP_NODE_MISSING_MESSAGE = '分组中有不属于该系统或已删除的节点';

/** The itShows switch's two sides (是 shown, 否 hidden). */
export const IT_SHOWS_LABELS = { 是: '是', 否: '否' } as const;

// ————— data sources (db-list, update-data-source) —————

/** A column of a business-data table as PostgreSQL spells its type. */
export const TableColumnInfoSchema = z.object({ name: z.string(), type: z.string() });
/** GET /ks/config/new/node/db-list: a table of the business-data schema no live node uses. */
export const DataTableSchema = z.object({
  tableName: z.string(),
  /** The planner's estimate, not an exact count. */
  estimatedRows: z.number().int(),
  columns: z.array(TableColumnInfoSchema),
});
export type DataTable = z.infer<typeof DataTableSchema>;
export const DataTableListEnvelopeSchema = envelopeOf(z.array(DataTableSchema));

/** Node table names: lower-case letter first, then lower-case letters, digits or underscores. */
export const DATA_TABLE_NAME_PATTERN = /^[a-z][a-z0-9_]{0,62}$/;
export const DATA_TABLE_NAME_MESSAGE = '数据表名须以小写字母开头，由小写字母、数字或下划线组成，最多63个字符';
export const DATA_SOURCE_MODES = ['create', 'bind'] as const;
export const DATA_SOURCE_MODE_LABELS: Record<(typeof DATA_SOURCE_MODES)[number], string> = {
  create: '新建数据表',
  bind: '绑定已有数据表',
};
export const BIND_TABLE_REQUIRED_MESSAGE = '请选择要绑定的数据表';
/** POST /ks/config/new/node/update-data-source: create the node's table now, or bind an existing one. */
export const UpdateDataSourceBodySchema = z
  .object({
    nodeId: nodeIdInput('请选择节点'),
    mode: z.enum(DATA_SOURCE_MODES, '请选择数据源方式'),
    /** create: optional (default `<system>_<node>`); bind: the table to bind. */
    tableName: z.string().trim().regex(DATA_TABLE_NAME_PATTERN, DATA_TABLE_NAME_MESSAGE).optional(),
  })
  .refine((body) => body.mode !== 'bind' || Boolean(body.tableName), {
    message: BIND_TABLE_REQUIRED_MESSAGE,
    path: ['tableName'],
  });
export type UpdateDataSourceBody = z.input<typeof UpdateDataSourceBodySchema>;
export const DataSourceResultSchema = z.object({
  tableName: z.string(),
  mode: z.enum(['created', 'bound']),
  /** Codes of the form items a bind added to the draft (columns the draft did not have). */
  addedItems: z.array(z.string()),
  /** Columns a bind could not offer as form items (their names are not valid field codes). */
  skippedColumns: z.array(z.string()),
  /** The draft's version afterwards (a bind that adds items saves the draft). */
  draftVersion: z.number().int(),
});
export type DataSourceResult = z.infer<typeof DataSourceResultSchema>;
export const DataSourceResultEnvelopeSchema = envelopeOf(DataSourceResultSchema);
export const DATA_TABLE_EXISTS_MESSAGE = '数据表已存在，请换一个名称';
export const DATA_TABLE_MISSING_MESSAGE = '数据表不存在';
export const DATA_TABLE_TAKEN_MESSAGE = '该数据表已被其他节点使用';
export const DATA_TABLE_SAME_MESSAGE = '该节点已在使用这个数据表';
export const DATA_SOURCE_HAS_RECORDS_MESSAGE = '该节点的数据表中已有数据，不能更换数据源';
export const envelopeColumnsMissingMessage = (missing: readonly string[]) =>
  `数据表缺少记录必需的列：${missing.join('、')}`;
export const DATA_SOURCE_SAVED_MESSAGE = '数据源已设置';

/** GET /ks/config/new/node/migrations?nodeId=: the DDL applied to a node's tables, oldest first. */
export const NodeMigrationSchema = z.object({
  id: z.number().int(),
  tableName: z.string(),
  kind: z.enum(['create_table', 'add_column', 'alter_type', 'create_index', 'bind']),
  statement: z.string(),
  detail: z.string(),
  appliedByName: z.string(),
  appliedAt: z.string(),
});
export type NodeMigration = z.infer<typeof NodeMigrationSchema>;
export const NodeMigrationListEnvelopeSchema = envelopeOf(z.array(NodeMigrationSchema));

/** GET /ks/config/new/node/versions?nodeId=: published schema versions, newest first. */
export const NodeVersionSchema = z.object({
  version: z.number().int(),
  publishedAt: z.string(),
  publisherName: z.string(),
});
export type NodeVersion = z.infer<typeof NodeVersionSchema>;
export const NodeVersionListEnvelopeSchema = envelopeOf(z.array(NodeVersionSchema));

// ————— options and menus —————

/** GET /ks/config/new/node/pull-down?systemCoding=: a system's nodes as select options. */
export const NodeOptionSchema = z.object({ label: z.string(), value: z.string() });
export type NodeOption = z.infer<typeof NodeOptionSchema>;
export const NodeOptionListEnvelopeSchema = envelopeOf(z.array(NodeOptionSchema));

/** POST /ks/menu/v1/menus/submenus: the caller's visible children of one node (parentId null: top level). */
export const SubmenusBodySchema = z.object({
  systemCoding: z.string().trim().min(1, '请选择系统'),
  parentId: z.string().uuid('请选择上级节点').nullable(),
});
export type SubmenusBody = z.infer<typeof SubmenusBodySchema>;

/** GET /ks/cache/refresh: the names of the caches cleared. */
export const CacheRefreshEnvelopeSchema = envelopeOf(z.array(z.string()));
export const CACHE_REFRESHED_MESSAGE = '缓存已刷新';

// ————— export and import of a whole system (docs/architecture.md, "Drafts and published definitions": one JSON document) —————

export const SYSTEM_DOCUMENT_FORMAT = 'ks-system';
export const SYSTEM_DOCUMENT_VERSION = 1;
export const SYSTEM_DOCUMENT_FORMAT_MESSAGE = '导入文件不是KS系统定义文件';
export const SYSTEM_DOCUMENT_VERSION_MESSAGE = '导入文件的格式版本不受支持';
export const documentNodeCodingDuplicateMessage = (code: string) => `导入文件中的功能编码重复：${code}`;
export const documentParentMissingMessage = (code: string, parent: string) =>
  `导入文件中节点 ${code} 的上级节点 ${parent} 不存在`;
export const documentGroupNodeMissingMessage = (name: string, code: string) =>
  `导入文件中展示分组「${name}」引用了不存在的节点 ${code}`;

const DocumentFunctionSchema = z.string().regex(ACTION_CODE_PATTERN, '导入文件中有不认识的功能');
/** A node of the document: menu fields, references by code, definitions, grants and data-source mode. */
export const DocumentNodeSchema = z.object({
  gnCoding: NodeCodingSchema,
  /** The parent's gnCoding; null at the top of the system. */
  parentCoding: z.string().nullable(),
  title: z.string().trim().min(1, '请输入节点名称').max(30, '节点名称不能超过30个字符'),
  icon: IconSchema.default(''),
  itShows: ItShowsSchema.default('是'),
  nodeProperties: NodePropertySchema,
  style: z.string().max(200, '样式不能超过200个字符').default(''),
  nodeSetFlag: z.boolean().default(false),
  disabled: z.boolean().default(false),
  sort: z.number().int().default(0),
  /** Login role types the menu entry is listed for. */
  menuRoles: z.array(LoginRoleTypeSchema).default([]),
  /** The working draft; null when the node was never configured. */
  draft: NodeDefinitionShapeSchema.nullable().default(null),
  /** The latest published definition; null when never published. */
  published: z
    .object({ schemaVersion: z.number().int().min(1), definition: NodeDefinitionShapeSchema })
    .nullable()
    .default(null),
  /** How the node's table came about: created by the builder or bound to an existing table. */
  dataSource: z
    .object({ mode: z.enum(['created', 'bound']), tableName: z.string() })
    .nullable()
    .default(null),
  grants: z
    .object({
      roles: z
        .array(z.object({ functionCode: DocumentFunctionSchema, role: LoginRoleTypeSchema }))
        .default([]),
      /** Reviewer organisations by name: ids differ between deployments. */
      orgs: z.array(z.object({ functionCode: DocumentFunctionSchema, orgName: z.string() })).default([]),
    })
    .default({ roles: [], orgs: [] }),
});
export type DocumentNode = z.infer<typeof DocumentNodeSchema>;

export const SystemDocumentSchema = z
  .object({
    format: z.literal(SYSTEM_DOCUMENT_FORMAT, SYSTEM_DOCUMENT_FORMAT_MESSAGE),
    formatVersion: z.literal(SYSTEM_DOCUMENT_VERSION, SYSTEM_DOCUMENT_VERSION_MESSAGE),
    exportedAt: z.string().default(''),
    system: z.object({
      systemName: z.string().trim().min(1, '请输入系统全称').max(60, '系统全称不能超过60个字符'),
      title: z.string().trim().min(1, '请输入系统简称').max(8, '长度在 1 到 8 个字符'),
      gnCoding: z.string().trim().min(1, '请输入系统编码'),
      levels: z.string().default('0'),
    }),
    nodes: z.array(DocumentNodeSchema).max(2000, '一个系统最多2000个节点'),
    displayGroups: z
      .array(
        z.object({
          name: z.string().trim().min(1, '请输入分组名称').max(20, '分组名称不能超过20个字符'),
          icon: z.enum(['', ...GROUP_ICONS], '请从图标列表中选择图标').default(''),
          nodeCodings: z.array(z.string()).default([]),
          sort: z.number().int().default(0),
        }),
      )
      .default([]),
    /**
     * Who the definitions' audit levels name, so another deployment can find them again:
     * reviewer user id → userCode, reviewer organisation id → name.
     */
    references: z
      .object({
        reviewers: z.record(z.string(), z.string()).default({}),
        orgs: z.record(z.string(), z.string()).default({}),
      })
      .default({ reviewers: {}, orgs: {} }),
  })
  .superRefine((document, context) => {
    const codes = new Set<string>();
    for (const node of document.nodes) {
      if (codes.has(node.gnCoding))
        context.addIssue({ code: 'custom', message: documentNodeCodingDuplicateMessage(node.gnCoding) });
      codes.add(node.gnCoding);
    }
    for (const node of document.nodes)
      if (node.parentCoding !== null && !codes.has(node.parentCoding))
        context.addIssue({
          code: 'custom',
          message: documentParentMissingMessage(node.gnCoding, node.parentCoding),
        });
    for (const group of document.displayGroups)
      for (const code of group.nodeCodings)
        if (!codes.has(code))
          context.addIssue({ code: 'custom', message: documentGroupNodeMissingMessage(group.name, code) });
  });
export type SystemDocument = z.infer<typeof SystemDocumentSchema>;
export type SystemDocumentInput = z.input<typeof SystemDocumentSchema>;

export const ExportSystemQuerySchema = z.object({ systemCoding: z.string().trim().min(1, '请选择系统') });
/** The download's file name: `<gnCoding>.ks-system.json`. */
export const systemDocumentFileName = (gnCoding: string) => `${gnCoding}.ks-system.json`;

export const IMPORT_DOCUMENT_REQUIRED_MESSAGE = '请选择要导入的系统定义文件';
/** POST /ks/config/new/structure/import: the document, and optionally a new code and name for the copy. */
export const ImportSystemBodySchema = z.object({
  /** Checked against SystemDocumentSchema by the service, so every problem is answered in words. */
  document: z
    .unknown()
    .refine((value) => value !== undefined && value !== null, IMPORT_DOCUMENT_REQUIRED_MESSAGE),
  gnCoding: NewSystemBodySchema.shape.gnCoding.optional(),
  systemName: NewSystemBodySchema.shape.systemName.optional(),
});
export type ImportSystemBody = z.input<typeof ImportSystemBodySchema>;
export const ImportSystemResultSchema = z.object({
  id: z.string(),
  gnCoding: z.string(),
  systemName: z.string(),
  nodes: z.number().int(),
  published: z.number().int(),
  /** References this deployment does not have (reviewers, organisations, bound tables), dropped. */
  warnings: z.array(z.string()),
});
export type ImportSystemResult = z.infer<typeof ImportSystemResultSchema>;
export const ImportSystemResultEnvelopeSchema = envelopeOf(ImportSystemResultSchema);
export const SYSTEM_IMPORTED_MESSAGE = '系统已导入';
