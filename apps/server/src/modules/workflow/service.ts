import type { NodeId } from '@ks/contract';
import {
  ADVICE_REQUIRED_MESSAGE,
  ASSIGN_ALREADY_MESSAGE,
  ASSIGN_AMBIGUOUS_MESSAGE,
  ASSIGN_FROM_MESSAGE,
  ASSIGN_LEVEL_MESSAGE,
  ASSIGN_TARGET_MESSAGE,
  type AssignStepBody,
  AUDIT_STEP_RESULTS,
  type AuditBody,
  AuditBodySchema,
  type AuditLevel,
  type AuditState,
  auditApprovedText,
  auditRejectedText,
  EDITABLE_STATUSES,
  NOT_IN_REVIEW_MESSAGE,
  NOT_OWNER_MESSAGE,
  NOT_PUBLISHABLE_MESSAGE,
  NOT_REVIEWER_MESSAGE,
  NOT_SUBMITTABLE_MESSAGE,
  NOT_SUBMITTER_MESSAGE,
  type NodeFunction,
  noReviewerMessage,
  RECORD_STATUS_LABELS,
  REVOKE_REFUSED_MESSAGE,
  type RecordDetails,
  type RecordStatus,
  type RecordVersionBody,
  type RevisionChange,
  recordToWire,
  statusName,
  UPLOAD_MESSAGES,
  type WorkflowResult,
} from '@ks/contract';
import type { Db } from '../../db/client.ts';
import type { AuditSnapshot } from '../../db/schema/workflow.ts';
import { findLatestInstance } from '../../engine/audit-instances.ts';
import { membersOf } from '../../engine/grants.ts';
import { type LifecycleEventName, type LifecycleEvents, withFailureLogged } from '../../engine/lifecycle.ts';
import { requireNodeFunction } from '../../engine/node-functions.ts';
import { missingRequiredAnnexes } from '../../engine/record-files.ts';
import {
  loadRecord,
  NODE_NOT_FOUND_MESSAGE,
  type ResolvedNode,
  recordNotFound,
  resolveNode,
  type StoredRecord,
  schemaOf,
  updateEnvelope,
  writeRevision,
} from '../../engine/record-store.ts';
import type { ReviewNotices } from '../../engine/review-notices.ts';
import { isOwnerSide, readScope } from '../../engine/row-scope.ts';
import { validateForSave } from '../../engine/validate-for-save.ts';
import type { SessionUser } from '../../platform/access.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { recordOperation } from '../../platform/operation-log.ts';
import * as repo from './repository.ts';

/** A record's latest flow: its levels and steps. */
type AuditFlowView = Pick<NonNullable<RecordDetails['audit']>, 'levels' | 'steps'>;

/** Levels in the order they are reviewed. */
const ordered = (levels: readonly AuditLevel[]) => [...levels].sort((a, b) => a.level - b.level);

/**
 * How a record is named in to-dos and messages: its first filled text field (what a reviewer
 * recognises: 镀锌钢管, a project's name) with its business number, else whichever of them it has.
 */
function businessNameOf(record: StoredRecord, snapshot: AuditSnapshot): string {
  const title = firstFilledText(snapshot);
  if (title && record.businessId) return `${title}（${record.businessId}）`;
  return title || record.businessId || record.id.slice(0, 8);
}

function firstFilledText(snapshot: AuditSnapshot): string | null {
  for (const item of snapshot.items) {
    const value = snapshot.values[item.code];
    if ((item.type === 'text' || item.type === 'textarea') && typeof value === 'string' && value.trim()) {
      return value.trim().slice(0, 40);
    }
  }
  return null;
}

/** The revision entry of a status change (the change record's dataList shows it). */
function statusChange(from: string, to: RecordStatus): RevisionChange {
  return { field: 'status', name: '状态', oldValue: statusName(from), newValue: RECORD_STATUS_LABELS[to] };
}

/**
 * The audit workflow over node records (docs/architecture.md, "Every change is history"). Submitting validates the
 * record against its own schema version, snapshots it and opens the first level of that version's
 * audit config; reviewers decide level by level (single, any 或签, all 会签); every action runs in
 * one transaction with the record's version checked, a revision and an operation-log entry, and the
 * reviewers' to-dos and the submitter's messages commit with it.
 */
export class WorkflowService {
  constructor(
    private readonly db: Db,
    private readonly notices: ReviewNotices,
    private readonly events: LifecycleEvents,
  ) {}

  /**
   * Runs a workflow action; when lifecycle handlers listen to its events on the node, a refusal
   * or a failure rolls the action back and is logged after the rollback (withFailureLogged).
   */
  private run<T>(
    node: ResolvedNode,
    names: LifecycleEventName[],
    entry: { user: SessionUser; action: string; recordId: string; ip: string },
    action: () => Promise<T>,
  ): Promise<T> {
    if (!this.events.listens(node, ...names)) return action();
    const { user, recordId, ip } = entry;
    return withFailureLogged(
      this.db,
      {
        user,
        action: entry.action,
        targetType: node.gnCoding,
        targetId: recordId,
        targetName: node.title,
        ip,
      },
      action,
    );
  }

  /** POST /ks/monitor/submit and /ks/flow/v1/start. */
  async submit(user: SessionUser, body: RecordVersionBody, ip: string): Promise<WorkflowResult> {
    const node = await resolveNode(this.db, body.systemCoding, body.gnCoding, undefined, user);
    await this.requireFunction(user, node, 'submit');
    const entry = { user, action: '提交审核', recordId: body.id, ip };
    return this.run(node, ['beforeSubmit', 'flowDecided'], entry, () =>
      this.db.transaction(async (tx) => {
        // The node must outlive the flow this starts: the lock makes a builder deleting it meanwhile
        // wait and then find the flow (and refuse), or makes this submit find the node gone.
        if (!(await repo.lockLiveNode(tx, node.nodeId))) throw notFound(NODE_NOT_FOUND_MESSAGE);
        // A record outside the caller's row scope answers 数据不存在, as if absent (a guessed id reveals
        // nothing); a readable one the caller is not on the owner side of (a reviewer of it) is 403.
        const head = await loadRecord(tx, node.tableName, body.id, [], readScope(user, node));
        if (!head) throw recordNotFound();
        if (!isOwnerSide(user, head)) throw forbidden(NOT_OWNER_MESSAGE);
        if (body.version !== undefined && body.version !== head.version) throw conflict();
        if (!(EDITABLE_STATUSES as readonly string[]).includes(head.status))
          throw badRequest(NOT_SUBMITTABLE_MESSAGE);

        // The record is reviewed against the schema version it was made with, not the latest one.
        const schema = await schemaOf(tx, node.nodeId, head.schemaVersion);
        const record = await loadRecord(tx, node.tableName, body.id, schema.items);
        // Changed or deleted since the checks above (READ COMMITTED reads each statement anew): the
        // submitter would send values they never saw.
        if (!record || record.version !== head.version) throw conflict();
        const clean = await validateForSave(tx, schema.items, record.values);
        const missing = await missingRequiredAnnexes(tx, node, record.id);
        if (missing.length > 0) throw badRequest(UPLOAD_MESSAGES.required(missing));
        // A module's check of what is submitted (a refusal rolls the submit back, nothing changed).
        await this.events.emit('beforeSubmit', { tx, user, node, recordId: record.id, values: clean });
        const snapshot: AuditSnapshot = {
          values: recordToWire(schema.items, clean),
          items: schema.items,
          groups: schema.definition.form.groups,
        };
        const levels = ordered(schema.definition.audit.levels);
        const now = new Date();
        const first = levels[0];
        const status: RecordStatus = first ? 'submitted' : 'approved';
        const auditState: AuditState = first ? 'pending' : 'passed';
        // The envelope first: of two concurrent submits the second waits on the row and then finds a
        // newer version (409) before it could start a second flow.
        const version = await updateEnvelope(tx, node.tableName, record.id, record.version, {
          status,
          auditState,
          submittedAt: now,
          confirmedAt: first ? null : now,
        });
        const instance = await repo.insertInstance(tx, {
          nodeId: node.nodeId,
          recordId: record.id,
          tableName: node.tableName,
          schemaVersion: record.schemaVersion,
          levels,
          snapshot,
          submitterUserId: user.id,
          submitterEnterpriseId: user.enterpriseId,
          status: first ? 'running' : 'passed',
          currentLevel: first?.level ?? 0,
          startedAt: now,
          finishedAt: first ? null : now,
        });
        const businessName = businessNameOf(record, snapshot);
        if (first)
          await this.openLevel(tx, node, instance, first, { businessName, submitterName: user.userName });
        await writeRevision(tx, {
          nodeId: node.nodeId,
          recordId: record.id,
          version,
          action: 'submit',
          user,
          changes: [statusChange(record.status, status)],
        });
        await recordOperation(tx, {
          user,
          action: '提交审核',
          targetType: node.gnCoding,
          targetId: record.id,
          targetName: `${node.title} ${businessName}`,
          detail: first ? `进入「${first.name}」` : '无需审核，直接通过',
          ip,
        });
        if (!first) {
          // No level to pass: the flow is decided by the submit itself.
          await this.events.emit('flowDecided', { tx, user, node, recordId: record.id, outcome: 'passed' });
          await this.notices.sendResult(tx, {
            userId: user.id,
            outcome: 'approved',
            title: '审核通过',
            messages: auditApprovedText(node.title, businessName),
          });
        }
        return { id: record.id, version, status, auditState };
      }),
    );
  }

  /** POST /ks/monitor/audit: a reviewer's decision on the current level. */
  async audit(user: SessionUser, input: AuditBody, ip: string): Promise<WorkflowResult> {
    const body = AuditBodySchema.parse(input);
    const advice = body.advice.trim();
    if (body.result === 'reject' && !advice) {
      throw badRequest(ADVICE_REQUIRED_MESSAGE, { advice: ADVICE_REQUIRED_MESSAGE });
    }
    const node = await resolveNode(this.db, body.systemCoding, body.gnCoding, undefined, user);
    const entry = { user, action: body.result === 'pass' ? '审核通过' : '审核退回', recordId: body.id, ip };
    return this.run(node, ['auditLevelDecided', 'flowDecided'], entry, () =>
      this.db.transaction(async (tx) => {
        if (!(await loadRecord(tx, node.tableName, body.id, [], readScope(user, node))))
          throw recordNotFound();
        const instance = await repo.findRunningInstance(tx, node.nodeId, body.id);
        if (!instance) throw badRequest(NOT_IN_REVIEW_MESSAGE);
        const steps = await repo.findSteps(tx, instance.id);
        const mine = steps.find(
          (step) =>
            step.level === instance.currentLevel &&
            step.status === 'pending' &&
            step.reviewerUserId === user.id,
        );
        if (!mine) throw forbidden(NOT_REVIEWER_MESSAGE);
        const record = await loadRecord(tx, node.tableName, body.id);
        if (!record) throw recordNotFound();

        const decided = await repo.decideStep(
          tx,
          mine.id,
          body.result === 'pass' ? 'passed' : 'rejected',
          advice,
        );
        if (!decided) throw conflict();
        if (mine.todoId) await this.notices.closeTodo(tx, mine.todoId);

        const levels = ordered(instance.levels);
        const level = levels.find((one) => one.level === instance.currentLevel);
        const levelName = level?.name ?? mine.name;
        const businessName = businessNameOf(record, instance.snapshot);
        const othersPending = steps.filter(
          (step) => step.level === instance.currentLevel && step.status === 'pending' && step.id !== mine.id,
        );
        // single / any: the first decision decides the level; all: every member must pass, one reject ends it.
        const levelDone = body.result === 'reject' || mine.way !== 'all' || othersPending.length === 0;
        let outcome: 'pending' | 'passed' | 'rejected' = 'pending';
        let nextLevel: AuditLevel | undefined;
        if (levelDone) {
          await this.closePending(tx, instance.id, instance.currentLevel);
          if (body.result === 'reject') outcome = 'rejected';
          else {
            nextLevel = levels.find((one) => one.level > instance.currentLevel);
            outcome = nextLevel ? 'pending' : 'passed';
          }
        }

        const now = new Date();
        if (nextLevel) {
          const submitterName = (await repo.userNames(tx, [instance.submitterUserId])).get(
            instance.submitterUserId,
          );
          await this.openLevel(tx, node, instance, nextLevel, {
            businessName,
            submitterName: submitterName ?? '',
          });
        }
        const updated = await repo.updateInstance(tx, instance.id, instance.version, {
          status: outcome === 'pending' ? 'running' : outcome,
          currentLevel: nextLevel?.level ?? instance.currentLevel,
          finishedAt: outcome === 'pending' ? null : now,
        });
        if (!updated) throw conflict();

        const status: RecordStatus =
          outcome === 'rejected' ? 'rejected' : outcome === 'passed' ? 'approved' : 'submitted';
        const version = await updateEnvelope(tx, node.tableName, record.id, record.version, {
          status,
          auditState: outcome,
          ...(outcome === 'passed' ? { confirmedAt: now } : {}),
        });
        const changes: RevisionChange[] = [
          {
            field: 'audit',
            name: levelName,
            oldValue: null,
            newValue: body.result === 'pass' ? '通过' : '退回',
          },
        ];
        if (advice) changes.push({ field: 'advice', name: '审核意见', oldValue: null, newValue: advice });
        if (status !== record.status) changes.push(statusChange(record.status, status));
        await writeRevision(tx, {
          nodeId: node.nodeId,
          recordId: record.id,
          version,
          action: 'audit',
          user,
          changes,
        });
        await recordOperation(tx, {
          user,
          action: body.result === 'pass' ? '审核通过' : '审核退回',
          targetType: node.gnCoding,
          targetId: record.id,
          targetName: `${node.title} ${businessName}`,
          detail: [levelName, advice].filter(Boolean).join('：'),
          ip,
        });
        // Lifecycle handlers run in the review's transaction: a refusal rolls the decision back.
        const event = { tx, user, node, recordId: record.id };
        if (levelDone)
          await this.events.emit('auditLevelDecided', {
            ...event,
            level: instance.currentLevel,
            result: body.result === 'reject' ? 'rejected' : 'passed',
          });
        if (outcome !== 'pending')
          await this.events.emit('flowDecided', {
            ...event,
            outcome: outcome === 'passed' ? 'passed' : 'returned',
          });
        if (outcome === 'rejected') {
          await this.notices.sendResult(tx, {
            userId: instance.submitterUserId,
            outcome: 'rejected',
            title: '审核退回',
            messages: auditRejectedText(node.title, businessName, advice),
          });
        } else if (outcome === 'passed') {
          await this.notices.sendResult(tx, {
            userId: instance.submitterUserId,
            outcome: 'approved',
            title: '审核通过',
            messages: auditApprovedText(node.title, businessName),
          });
        }
        return { id: record.id, version, status, auditState: outcome };
      }),
    );
  }

  /** POST /ks/monitor/revoke: the submitter takes a submission back while no reviewer has acted. */
  async revoke(user: SessionUser, body: RecordVersionBody, ip: string): Promise<WorkflowResult> {
    const node = await resolveNode(this.db, body.systemCoding, body.gnCoding, undefined, user);
    await this.requireFunction(user, node, 'revoke');
    const entry = { user, action: '撤回审核', recordId: body.id, ip };
    return this.run(node, ['flowDecided'], entry, () =>
      this.db.transaction(async (tx) => {
        if (!(await loadRecord(tx, node.tableName, body.id, [], readScope(user, node))))
          throw recordNotFound();
        const instance = await repo.findRunningInstance(tx, node.nodeId, body.id);
        if (!instance) throw badRequest(NOT_IN_REVIEW_MESSAGE);
        if (instance.submitterUserId !== user.id) throw forbidden(NOT_SUBMITTER_MESSAGE);
        const record = await loadRecord(tx, node.tableName, body.id);
        if (!record) throw recordNotFound();
        if (body.version !== undefined && body.version !== record.version) throw conflict();
        const steps = await repo.findSteps(tx, instance.id);
        if (steps.some((step) => step.actedAt !== null)) throw badRequest(REVOKE_REFUSED_MESSAGE);

        await this.closePending(tx, instance.id);
        const updated = await repo.updateInstance(tx, instance.id, instance.version, {
          status: 'revoked',
          finishedAt: new Date(),
        });
        if (!updated) throw conflict();
        const version = await updateEnvelope(tx, node.tableName, record.id, record.version, {
          status: 'revoked',
          auditState: 'revoked',
        });
        await writeRevision(tx, {
          nodeId: node.nodeId,
          recordId: record.id,
          version,
          action: 'revoke',
          user,
          changes: [statusChange(record.status, 'revoked')],
        });
        await recordOperation(tx, {
          user,
          action: '撤回审核',
          targetType: node.gnCoding,
          targetId: record.id,
          targetName: `${node.title} ${businessNameOf(record, instance.snapshot)}`,
          ip,
        });
        await this.events.emit('flowDecided', { tx, user, node, recordId: record.id, outcome: 'revoked' });
        return { id: record.id, version, status: 'revoked', auditState: 'revoked' };
      }),
    );
  }

  /** POST /ks/monitor/assign: an administrator moves a pending step (and its to-do) to another administrator. */
  async assign(user: SessionUser, body: AssignStepBody, ip: string): Promise<WorkflowResult> {
    const node = await resolveNode(this.db, body.systemCoding, body.gnCoding, undefined, user);
    await this.requireFunction(user, node, 'assign');
    return this.db.transaction(async (tx) => {
      const instance = await repo.findRunningInstance(tx, node.nodeId, body.id);
      if (!instance) throw badRequest(NOT_IN_REVIEW_MESSAGE);
      const [target] = await repo.activeUsers(tx, [body.userId]);
      if (target?.loginRoleType !== 'M')
        throw badRequest(ASSIGN_TARGET_MESSAGE, { userId: ASSIGN_TARGET_MESSAGE });
      const steps = await repo.findSteps(tx, instance.id);
      const onLevel = steps.filter(
        (step) => step.level === body.level && step.level === instance.currentLevel,
      );
      const pending = onLevel.filter((step) => step.status === 'pending');
      if (pending.length === 0) throw badRequest(ASSIGN_LEVEL_MESSAGE, { level: ASSIGN_LEVEL_MESSAGE });
      // Any step of the level counts, decided ones too: on a 会签 level a member who has passed and
      // then took over another member's step would pass twice, and the level would pass without
      // the other member.
      if (onLevel.some((step) => step.reviewerUserId === target.id)) {
        throw badRequest(ASSIGN_ALREADY_MESSAGE, { userId: ASSIGN_ALREADY_MESSAGE });
      }
      let step = pending[0];
      if (body.fromUserId) {
        step = pending.find((one) => one.reviewerUserId === body.fromUserId);
        if (!step) throw badRequest(ASSIGN_FROM_MESSAGE, { fromUserId: ASSIGN_FROM_MESSAGE });
      } else if (pending.length > 1) {
        throw badRequest(ASSIGN_AMBIGUOUS_MESSAGE, { fromUserId: ASSIGN_AMBIGUOUS_MESSAGE });
      }
      if (!step) throw badRequest(ASSIGN_LEVEL_MESSAGE);
      const record = await loadRecord(tx, node.tableName, body.id);
      if (!record) throw recordNotFound();

      if (step.todoId) await this.notices.closeTodo(tx, step.todoId);
      const businessName = businessNameOf(record, instance.snapshot);
      const names = await repo.userNames(tx, [instance.submitterUserId, step.reviewerUserId]);
      const todoId = await this.createStepTodo(tx, node, instance, target.id, {
        businessName,
        submitterName: names.get(instance.submitterUserId) ?? '',
      });
      if (!(await repo.reassignStep(tx, step, target.id, todoId))) throw conflict();
      // The record itself does not change, but its history says who reviews it now.
      const version = await updateEnvelope(tx, node.tableName, record.id, record.version, {});
      await writeRevision(tx, {
        nodeId: node.nodeId,
        recordId: record.id,
        version,
        action: 'assign',
        user,
        changes: [
          {
            field: 'reviewer',
            name: `${step.name}审核人`,
            oldValue: names.get(step.reviewerUserId) ?? '',
            newValue: target.userName,
          },
        ],
      });
      await recordOperation(tx, {
        user,
        action: '分配审核人',
        targetType: node.gnCoding,
        targetId: record.id,
        targetName: `${node.title} ${businessName}`,
        detail: `${step.name}：${names.get(step.reviewerUserId) ?? ''} → ${target.userName}`,
        ip,
      });
      return { id: record.id, version, status: record.status, auditState: record.auditState };
    });
  }

  /** POST /ks/monitor/publish: an approved record becomes published. */
  async publish(user: SessionUser, body: RecordVersionBody, ip: string): Promise<WorkflowResult> {
    const node = await resolveNode(this.db, body.systemCoding, body.gnCoding, undefined, user);
    await this.requireFunction(user, node, 'publish');
    return this.db.transaction(async (tx) => {
      // Outside the caller's row scope a record answers 数据不存在, as if absent: the publish grant
      // reaches the records the caller may read, not another enterprise's by a guessed id.
      const record = await loadRecord(tx, node.tableName, body.id, [], readScope(user, node));
      if (!record) throw recordNotFound();
      if (body.version !== undefined && body.version !== record.version) throw conflict();
      if (record.status !== 'approved') throw badRequest(NOT_PUBLISHABLE_MESSAGE);
      const version = await updateEnvelope(tx, node.tableName, record.id, record.version, {
        status: 'published',
      });
      await writeRevision(tx, {
        nodeId: node.nodeId,
        recordId: record.id,
        version,
        action: 'publish',
        user,
        changes: [statusChange(record.status, 'published')],
      });
      await recordOperation(tx, {
        user,
        action: '发布数据',
        targetType: node.gnCoding,
        targetId: record.id,
        targetName: `${node.title} ${record.businessId || record.id.slice(0, 8)}`,
        ip,
      });
      return { id: record.id, version, status: 'published', auditState: record.auditState };
    });
  }

  private async requireFunction(user: SessionUser, node: ResolvedNode, code: NodeFunction) {
    await requireNodeFunction(this.db, user, node, code);
  }

  /**
   * Opens a level: one pending step and one to-do per reviewer, resolved now (an organisation's
   * members at the time the level opens). A level nobody can review refuses the whole action.
   */
  private async openLevel(
    tx: Db,
    node: ResolvedNode,
    instance: repo.InstanceRow,
    level: AuditLevel,
    names: { businessName: string; submitterName: string },
  ) {
    const candidates = level.way === 'single' ? [level.reviewerUserId] : await membersOf(tx, level.orgId);
    const reviewers = await repo.activeUsers(tx, candidates);
    if (reviewers.length === 0) throw badRequest(noReviewerMessage(level.name));
    const steps = await repo.insertSteps(
      tx,
      reviewers.map((reviewer) => ({
        instanceId: instance.id,
        level: level.level,
        name: level.name,
        way: level.way,
        reviewerUserId: reviewer.id,
        status: 'pending' as const,
      })),
    );
    for (const step of steps) {
      const todoId = await this.createStepTodo(tx, node, instance, step.reviewerUserId, names);
      await repo.linkTodo(tx, step.id, todoId);
    }
  }

  private async createStepTodo(
    tx: Db,
    node: ResolvedNode,
    instance: repo.InstanceRow,
    reviewerUserId: string,
    names: { businessName: string; submitterName: string },
  ): Promise<string> {
    const system = await repo.systemOfNode(tx, node.nodeId);
    return this.notices.openTodo(tx, {
      userId: reviewerUserId,
      systemCoding: system.systemCoding,
      systemName: system.systemName,
      gnName: node.title,
      gnCoding: node.gnCoding,
      businessName: names.businessName,
      businessId: instance.recordId,
      submitterName: names.submitterName,
      sbTime: instance.startedAt,
    });
  }

  /** Skips the still-pending steps (of one level, or all) and completes their to-dos. */
  private async closePending(tx: Db, instanceId: string, level?: number) {
    const skipped = await repo.skipPendingSteps(tx, instanceId, level);
    for (const step of skipped) if (step.todoId) await this.notices.closeTodo(tx, step.todoId);
  }
}

/**
 * The audit flow of a record for its detail page: the levels of its latest flow and every step
 * opened so far (levels without steps are still waiting). Null when the record was never submitted.
 */
export async function flowOf(db: Db, nodeId: NodeId, recordId: string): Promise<AuditFlowView | null> {
  const instance = await findLatestInstance(db, nodeId, recordId);
  if (!instance) return null;
  const steps = await repo.findSteps(db, instance.id);
  const names = await repo.userNames(
    db,
    steps.map((step) => step.reviewerUserId),
  );
  return {
    levels: ordered(instance.levels).map(({ level, name, way }) => ({ level, name, way })),
    steps: steps.map((step) => ({
      level: step.level,
      name: step.name,
      way: step.way,
      reviewerUserId: step.reviewerUserId,
      reviewerName: names.get(step.reviewerUserId) ?? '',
      result: AUDIT_STEP_RESULTS[step.status],
      advice: step.advice,
      actedAt: step.actedAt ? step.actedAt.toISOString() : null,
    })),
  };
}
