import type { NodeId } from '@ks/contract';
import {
  type BuiltinFunction,
  EDITABLE_STATUSES,
  NO_DATA_ACCESS_MESSAGE,
  NODE_FUNCTION_LABELS,
  type NodeFunction,
  OPERATION_COLORS,
  RECORD_CHANGE_OPERATION,
  type RecordStatus,
  type RowOperation,
} from '@ks/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../platform/access.ts';
import { forbidden } from '../platform/errors.ts';
import { appliesTo, type ModuleAction } from './module-actions.ts';
import { col, R, type RecordEnvelope } from './record-store.ts';
import type { ViewerReviews } from './viewer-reviews.ts';

/**
 * Row scope (docs/architecture.md, "Row scope"): enterprise users see and change the records of their enterprise (or
 * their own when they have none), personnel users their own, administrators all, developers none
 * of the data. Reviewers additionally see the records whose audit flow assigned them a step.
 */
export type ScopeUser = Pick<SessionUser, 'id' | 'loginRoleType' | 'enterpriseId'>;

/** Rows the user owns (may change, subject to status and functions). */
export function ownerScope(user: ScopeUser): SQL {
  if (user.loginRoleType === 'D') throw forbidden(NO_DATA_ACCESS_MESSAGE);
  if (user.loginRoleType === 'M') return sql`true`;
  if (user.loginRoleType === 'U' && user.enterpriseId) {
    return sql`${col('owner_enterprise_id')} = ${user.enterpriseId}::uuid`;
  }
  return sql`${col('owner_user_id')} = ${user.id}::uuid`;
}

/** A step of the record's audit flow names this user (the workflow's tables). */
export function reviewerExists(user: ScopeUser, nodeId: NodeId, pendingOnly = false): SQL {
  return sql`exists (select 1 from audit_instances ai join audit_steps st on st.instance_id = ai.id
    where ai.node_id = ${nodeId}::uuid and ai.record_id = ${R}.id and ai.deleted_at is null
      and st.deleted_at is null and st.reviewer_user_id = ${user.id}::uuid
      ${pendingOnly ? sql`and st.status = 'pending' and ai.status = 'running'` : sql``})`;
}

/** A node as row scope needs it: its id and, when known, whether the user reviews any of its records. */
export type ScopedNode = { nodeId: NodeId; reviews: ViewerReviews | null };

/** Whether the user has a pending step on the record `r`: false outright when the node says none. */
export function pendingReviewOf(user: ScopeUser, node: ScopedNode): SQL {
  return node.reviews?.pending === false ? sql`false` : reviewerExists(user, node.nodeId, true);
}

/**
 * Whether the user may revoke the record `r` now, by the workflow's revoke rules: its running flow
 * was submitted by this user and no reviewer has acted on it yet. False outright on a node that
 * offers no revoke, so its lists pay nothing for it.
 */
export function revocableBy(user: ScopeUser, node: ScopedNode, offersRevoke: boolean): SQL {
  if (!offersRevoke) return sql`false`;
  return sql`exists (select 1 from audit_instances ai
    where ai.node_id = ${node.nodeId}::uuid and ai.record_id = ${R}.id and ai.status = 'running'
      and ai.deleted_at is null and ai.submitter_user_id = ${user.id}::uuid
      and not exists (select 1 from audit_steps st
        where st.instance_id = ai.id and st.deleted_at is null and st.acted_at is not null))`;
}

/**
 * The ids of the node's records whose audit flow names this user (a revoked flow no longer does:
 * decision 0012), as an uncorrelated array: the
 * planner evaluates it once per statement (an InitPlan) instead of once per row, which keeps the
 * plan cheap enough for indexes to serve the order (bench/results/records-profile.md).
 */
export function reviewerRecordIds(user: ScopeUser, nodeId: NodeId): SQL {
  return sql`array(select ai.record_id from audit_instances ai join audit_steps st on st.instance_id = ai.id
    where ai.node_id = ${nodeId}::uuid and ai.deleted_at is null and ai.status <> 'revoked'
      and st.deleted_at is null and st.reviewer_user_id = ${user.id}::uuid)`;
}

/**
 * Rows the user may read: owned ones, plus (for non-administrators) those assigned to review; the
 * reviewer branch is left out when the node lookup found no step of the user on the node.
 */
export function readScope(user: ScopeUser, node: ScopedNode): SQL {
  const own = ownerScope(user);
  if (user.loginRoleType === 'M' || node.reviews?.any === false) return own;
  return sql`(${own} or ${R}.id = any(${reviewerRecordIds(user, node.nodeId)}))`;
}

/**
 * The rows a caller may read in lists, forms, histories, files, charts and exports: the read scope
 * while the node's 'view' function is granted to them (`allowed`) or not offered at all, else only
 * the records they review (reviewers act through their tasks, not a grant; decision 0009). Changes
 * go through readScope and the owner side instead.
 */
export function viewScopeOf(
  user: ScopeUser,
  node: ScopedNode & { definition: { functions: readonly NodeFunction[] } },
  allowed: ReadonlySet<NodeFunction>,
): SQL {
  if (allowed.has('view') || !node.definition.functions.includes('view')) return readScope(user, node);
  return reviewedScope(user, node);
}

/** Only the rows the user reviews (their audit flow names the user): false on a node they review nothing of. */
export function reviewedScope(user: ScopeUser, node: ScopedNode): SQL {
  if (node.reviews?.any === false) return sql`false`;
  return sql`${R}.id = any(${reviewerRecordIds(user, node.nodeId)})`;
}

/** Whether the user is on the owner side of a record already read (not merely its reviewer). */
export function isOwnerSide(
  user: ScopeUser,
  record: Pick<RecordEnvelope, 'ownerUserId' | 'ownerEnterpriseId'>,
) {
  if (user.loginRoleType === 'M') return true;
  if (user.loginRoleType === 'D') return false;
  if (user.loginRoleType === 'U' && user.enterpriseId) return record.ownerEnterpriseId === user.enterpriseId;
  return record.ownerUserId === user.id;
}

/** Whether rows of `node` offer 变更 and to whom as reviewer: rowOperations' last argument. */
export const changeOperation = (
  user: Pick<SessionUser, 'loginRoleType'>,
  node: { definition: { allowChangeAfterApproval?: boolean } },
) => ({ offered: node.definition.allowChangeAfterApproval === true, isAdmin: user.loginRoleType === 'M' });

/** The per-row operations, in this order, of a node offering them. */
const ROW_OPERATIONS: readonly BuiltinFunction[] = [
  'view',
  'save',
  'submit',
  'revoke',
  'audit',
  'assign',
  'publish',
  'delete',
];
const OPERATION_NAMES: Partial<Record<BuiltinFunction, string>> = { save: '编辑' };

/**
 * The operations of one row: offered by the node, allowed to the user (reviewers audit through
 * their pending step, not a grant) and possible in the record's status. `canAudit` and `canRevoke`
 * come from the record's running flow (pendingReviewOf, revocableBy): an owner-side caller who did
 * not submit it, or a submission a reviewer has acted on, offers no revoke that would be refused.
 * The node's module actions follow the built-in operations, shown to an owner-side caller granted
 * them on a record in a status and audit state they apply to (what their route checks).
 */
export function rowOperations(
  record: { status: string; auditState: string; ownerSide: boolean; canAudit: boolean; canRevoke: boolean },
  offered: readonly NodeFunction[],
  allowed: ReadonlySet<NodeFunction>,
  actions: readonly ModuleAction[] = [],
  /** The node allows change requests after approval: 变更 on its passed records. */
  changes: { offered: boolean; isAdmin: boolean } = { offered: false, isAdmin: false },
): RowOperation[] {
  const editable = EDITABLE_STATUSES.includes(record.status as RecordStatus);
  const show: Partial<Record<NodeFunction, boolean>> = {
    view: true,
    save: allowed.has('save') && record.ownerSide && editable,
    submit: allowed.has('submit') && record.ownerSide && editable,
    revoke: allowed.has('revoke') && record.canRevoke && record.status === 'submitted',
    audit: record.canAudit && record.status === 'submitted',
    // `allowed` holds assign only for the roles the assign route admits (FUNCTION_ROLES).
    assign: allowed.has('assign') && record.status === 'submitted',
    publish: allowed.has('publish') && record.status === 'approved',
    delete: allowed.has('delete') && record.ownerSide && editable,
  };
  const operations = ROW_OPERATIONS.filter((code) => code === 'view' || offered.includes(code)).map(
    (code): RowOperation => ({
      code,
      name: OPERATION_NAMES[code] ?? NODE_FUNCTION_LABELS[code],
      color: OPERATION_COLORS[code] ?? '#1677ff',
      show: show[code] ?? false,
    }),
  );
  for (const action of actions)
    operations.push({
      code: action.code,
      name: action.label,
      color: action.color,
      show: allowed.has(action.code) && record.ownerSide && appliesTo(action, record),
    });
  if (changes.offered)
    operations.push({
      code: RECORD_CHANGE_OPERATION,
      // Owners initiate (the dialog's initiate mode); administrators review (its check mode).
      name: changes.isAdmin ? '变更审核' : '变更',
      mode: changes.isAdmin ? 'check' : 'initiate',
      color: '#722ed1',
      show: record.ownerSide && record.status === 'approved' && record.auditState === 'passed',
    });
  return operations;
}
