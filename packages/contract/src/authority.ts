import { z } from 'zod';
import { envelopeOf } from './envelope.ts';
import { NodeIdSchema, nodeIdInput } from './ids.ts';
import { type NodeFunction, NodeFunctionSchema } from './node-definition.ts';
import type { LoginRoleType } from './session.ts';

/**
 * Authority ("Function-level authority is loaded and saved per node", node
 * functions and save-functions; /ks/authority/audit/audit-orgs): reviewer organisations and who
 * may use which function of a node, and who sees the node in the menu.
 */

// ————— reviewer organisations (审核机构) —————
export const AUDIT_ORG_NAME_MAX = 40;
export const AUDIT_ORG_MEMBERS_MAX = 200;
const orgName = z
  .string('请输入审核机构名称')
  .trim()
  .min(1, '请输入审核机构名称')
  .max(AUDIT_ORG_NAME_MAX, `审核机构名称不能超过${AUDIT_ORG_NAME_MAX}个字符`);
const memberIds = z
  .array(z.string().uuid('审核人无效'), '请选择审核机构成员')
  .min(1, '请选择审核机构成员')
  .max(AUDIT_ORG_MEMBERS_MAX, `审核机构成员不能超过${AUDIT_ORG_MEMBERS_MAX}人`)
  .refine((ids) => new Set(ids).size === ids.length, '审核机构成员重复');

export const CreateAuditOrgBodySchema = z.object({ name: orgName, memberIds });
export type CreateAuditOrgBody = z.infer<typeof CreateAuditOrgBodySchema>;
export const UpdateAuditOrgBodySchema = CreateAuditOrgBodySchema.extend({
  id: z.string('请选择审核机构').uuid('请选择审核机构'),
  version: z.number('缺少版本号').int('缺少版本号'),
});
export type UpdateAuditOrgBody = z.infer<typeof UpdateAuditOrgBodySchema>;
export const AuditOrgIdQuerySchema = z.object({ id: z.string('请选择审核机构').uuid('请选择审核机构') });

/** A reviewer as pickers show it: reviewers are administrators (role M). */
export const ReviewerSchema = z.object({ id: z.string(), userName: z.string(), account: z.string() });
export type Reviewer = z.infer<typeof ReviewerSchema>;
export const ReviewerListEnvelopeSchema = envelopeOf(z.array(ReviewerSchema));
export const ReviewersQuerySchema = z.object({
  keyword: z.string().trim().max(40, '关键字不能超过40个字符').default(''),
});

export const AuditOrgSchema = z.object({
  id: z.string(),
  name: z.string(),
  members: z.array(ReviewerSchema),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type AuditOrg = z.infer<typeof AuditOrgSchema>;
export const AuditOrgEnvelopeSchema = envelopeOf(AuditOrgSchema);
export const AuditOrgListEnvelopeSchema = envelopeOf(z.array(AuditOrgSchema));

export const AUDIT_ORG_NOT_FOUND_MESSAGE = '审核机构不存在';
export const AUDIT_ORG_NAME_TAKEN_MESSAGE = '已有同名审核机构，请换一个名称';
export const REVIEWER_NOT_FOUND_MESSAGE = '所选审核人不存在或已停用';
export const notAdministratorMessage = (userName: string) => `「${userName}」不是管理员，审核人须为管理员`;
export const auditOrgInUseMessage = (nodes: string[]) =>
  `审核机构正在被节点${nodes.map((node) => `「${node}」`).join('、')}的审核流程使用，不能删除`;

// ————— node function authority —————
/** The roles a node's functions and menu entry are given to; developers configure and use none. */
export const GRANTABLE_ROLES = ['M', 'U', 'P'] as const;
export const GrantableRoleSchema = z.enum(GRANTABLE_ROLES, '角色只能为管理员、企业用户或个人用户');
export type GrantableRole = z.infer<typeof GrantableRoleSchema>;

/**
 * Functions only some roles may use, whatever a node's grants say: assigning moves a review step
 * from one administrator to another, so /ks/monitor/assign admits administrators only (decision
 * 0012). The route, the granted functions and the permissions page all read this.
 */
export const FUNCTION_ROLES = {
  assign: ['M'],
} as const satisfies Partial<Record<NodeFunction, readonly LoginRoleType[]>>;
const rolesOfFunction: Partial<Record<NodeFunction, readonly LoginRoleType[]>> = FUNCTION_ROLES;
/** Whether the role may use the function at all (FUNCTION_ROLES); grants narrow it further. */
export const roleMayUseFunction = (role: LoginRoleType, code: NodeFunction) =>
  rolesOfFunction[code]?.includes(role) ?? true;

export const NodeFunctionOptionSchema = z.object({ code: NodeFunctionSchema, label: z.string() });
export type NodeFunctionOption = z.infer<typeof NodeFunctionOptionSchema>;

export const FunctionGrantSchema = z.object({
  functionCode: NodeFunctionSchema,
  roles: z.array(GrantableRoleSchema).max(GRANTABLE_ROLES.length).default([]),
  orgIds: z.array(z.string().uuid('审核机构无效')).max(50, '一个功能最多授权50个审核机构').default([]),
});
export type FunctionGrant = z.infer<typeof FunctionGrantSchema>;

/**
 * GET /ks/authority/v1/node/functions: the functions the node's draft offers, who may use each, and
 * who sees the node in the menu. While the node is not customised, grants show the defaults in effect.
 */
export const NodeAuthoritySchema = z.object({
  nodeId: NodeIdSchema,
  offered: z.array(NodeFunctionOptionSchema),
  grants: z.array(FunctionGrantSchema),
  visibleRoles: z.array(GrantableRoleSchema),
  customised: z.boolean(),
  /** For optimistic locking of save-functions; 0 while never saved. */
  version: z.number().int(),
});
export type NodeAuthority = z.infer<typeof NodeAuthoritySchema>;
export const NodeAuthorityEnvelopeSchema = envelopeOf(NodeAuthoritySchema);
export const NodeAuthorityQuerySchema = z.object({ nodeId: nodeIdInput('请选择节点') });

export const SaveFunctionsBodySchema = z.object({
  nodeId: nodeIdInput('请选择节点'),
  grants: z
    .array(FunctionGrantSchema)
    .max(50)
    .refine(
      (grants) => new Set(grants.map((grant) => grant.functionCode)).size === grants.length,
      '同一功能只能授权一次',
    ),
  visibleRoles: z
    .array(GrantableRoleSchema)
    .max(GRANTABLE_ROLES.length)
    .refine((roles) => new Set(roles).size === roles.length, '可见角色重复'),
  /** The version GET answered (0 when never saved). */
  version: z.number('缺少版本号').int('缺少版本号'),
});
export type SaveFunctionsBody = z.infer<typeof SaveFunctionsBodySchema>;
export const functionNotOfferedMessage = (label: string) => `功能「${label}」不是该节点提供的功能`;
export const FUNCTIONS_SAVED_MESSAGE = '权限已保存';

/** POST /ks/config/new/node/function-nodes: a system's nodes with the functions they offer. */
export const FunctionNodesBodySchema = z.object({
  systemCoding: z.string('请选择系统').trim().min(1, '请选择系统'),
});
export const FunctionNodeSchema = z.object({
  nodeId: NodeIdSchema,
  parentId: z.string().nullable(),
  title: z.string(),
  gnCoding: z.string(),
  nodeProperties: z.string(),
  functions: z.array(NodeFunctionOptionSchema),
  customised: z.boolean(),
});
export type FunctionNode = z.infer<typeof FunctionNodeSchema>;
export const FunctionNodeListEnvelopeSchema = envelopeOf(z.array(FunctionNodeSchema));
export const FunctionListBodySchema = z.object({ nodeId: nodeIdInput('请选择节点') });
export const FunctionListEnvelopeSchema = envelopeOf(z.array(NodeFunctionOptionSchema));
