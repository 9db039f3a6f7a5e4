import { z } from 'zod';
import { envelopeOf } from './envelope.ts';
import { ItShowsSchema, NodePropertySchema, SYSTEM_CODING_PATTERN } from './shell.ts';

/**
 * System building (spec 001 §7 "System building"): developers create systems and edit their menu
 * trees. Every route of this area is for developers only.
 */

/** Answer of POST /ks/config/new/structure/add (spec 001 §3: the response carries gnName and gnCoding). */
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
    nodeId: z.string().uuid('请选择节点').optional(),
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
/** Fields of a menu node a developer edits (spec 001 §3 "menu node"). */
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
  id: z.string(),
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
  nodeId: z.string().uuid('请选择节点'),
  targetParentId: z.string().uuid('请选择目标节点').nullable(),
  index: z.number().int('位置须为整数').min(0, '位置不能小于0'),
});
export type MoveNodeBody = z.infer<typeof MoveNodeBodySchema>;

/** A display group (展示分组): a named, ordered set of a system's nodes (spec 001 §7 display-groups). */
export const DisplayGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  icon: z.string(),
  nodeIds: z.array(z.string()),
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
  nodeIds: z.array(z.string().uuid('请选择节点')).max(200, '一个分组最多200个节点').default([]),
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

/** The itShows switch's two sides (spec 001 §3: 是 shown, 否 hidden). */
export const IT_SHOWS_LABELS = { 是: '是', 否: '否' } as const;
