import { z } from 'zod';
import { envelopeOf } from './envelope.ts';
import { AssignBodySchema } from './records.ts';

/**
 * The audit workflow over records (/ks/monitor submit, audit, revoke, assign, publish;
 * POST /ks/flow/v1/start). Request bodies of submit, audit and the rest are in records.ts
 * (RecordVersionBodySchema, AuditBodySchema, AssignBodySchema); what only the workflow needs is here.
 */

/** A run of a node's audit flow over one record. */
export const AUDIT_INSTANCE_STATUSES = ['running', 'passed', 'rejected', 'revoked'] as const;
export type AuditInstanceStatus = (typeof AUDIT_INSTANCE_STATUSES)[number];
export const AUDIT_INSTANCE_STATUS_LABELS: Record<AuditInstanceStatus, string> = {
  running: '审核中',
  passed: '审核通过',
  rejected: '审核退回',
  revoked: '已撤回',
};

/** One reviewer's task on one level. */
export const AUDIT_STEP_STATUSES = ['pending', 'passed', 'rejected', 'skipped'] as const;
export type AuditStepStatus = (typeof AUDIT_STEP_STATUSES)[number];
export const AUDIT_STEP_STATUS_LABELS: Record<AuditStepStatus, string> = {
  pending: '待审核',
  passed: '通过',
  rejected: '退回',
  skipped: '无需审核',
};
/** `result` of a step in the detail page's flow (AuditStepView): '' while pending. */
export const AUDIT_STEP_RESULTS: Record<AuditStepStatus, string> = {
  pending: '',
  passed: 'pass',
  rejected: 'reject',
  skipped: 'skipped',
};

/**
 * POST /ks/monitor/assign: RecordsAssignBody plus, on an any/all level with several pending
 * reviewers, whose step moves (fromUserId).
 */
export const AssignStepBodySchema = AssignBodySchema.extend({
  fromUserId: z.string().uuid('请选择原审核人').optional(),
});
export type AssignStepBody = z.infer<typeof AssignStepBodySchema>;

/** What every workflow action answers: the record's new envelope. */
export const WorkflowResultSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  status: z.string(),
  auditState: z.string(),
});
export type WorkflowResult = z.infer<typeof WorkflowResultSchema>;
export const WorkflowResultEnvelopeSchema = envelopeOf(WorkflowResultSchema);

// ————— messages —————
export const SUBMITTED_MESSAGE = '提交成功';
export const WORKFLOW_DONE_MESSAGE = '操作成功';
export const ADVICE_REQUIRED_MESSAGE = '请填写审核意见';
export const NOT_SUBMITTABLE_MESSAGE = '当前状态的数据不能提交';
export const NOT_OWNER_MESSAGE = '只能提交自己的数据';
export const NOT_IN_REVIEW_MESSAGE = '该数据不在审核中';
export const NOT_REVIEWER_MESSAGE = '您不是该数据当前级别的审核人';
export const NOT_SUBMITTER_MESSAGE = '只有提交人可以撤回';
export const REVOKE_REFUSED_MESSAGE = '审核人已处理，不能撤回';
export const NOT_PUBLISHABLE_MESSAGE = '只有审核通过的数据可以发布';
export const noReviewerMessage = (levelName: string) => `审核级别「${levelName}」没有审核人，请联系管理员`;
export const ASSIGN_LEVEL_MESSAGE = '该级别当前没有待审核的步骤';
export const ASSIGN_TARGET_MESSAGE = '只能分配给有效的管理员账号';
export const ASSIGN_ALREADY_MESSAGE = '该用户已是本级审核人';
export const ASSIGN_AMBIGUOUS_MESSAGE = '该级别有多位待审核人，请指定原审核人';
export const ASSIGN_FROM_MESSAGE = '原审核人在该级别没有待审核的步骤';

/** Texts of the messages pushed to the submitter when the outcome is decided. */
export const auditRejectedText = (nodeTitle: string, businessName: string, advice: string) =>
  `您提交的「${nodeTitle}」${businessName}已被退回，审核意见：${advice}`;
export const auditApprovedText = (nodeTitle: string, businessName: string) =>
  `您提交的「${nodeTitle}」${businessName}已审核通过`;
