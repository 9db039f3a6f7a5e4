import { type RecordDetails, type RecordDetailsBody, recordToWire } from '@ks/contract';
import { asUserId } from '@ks/contract/ids';
import type { Db } from '../../db/client.ts';
import { findLatestInstance } from '../../engine/audit-instances.ts';
import type { ModuleActions } from '../../engine/module-actions.ts';
import { enterpriseOwnerOf, type OnBehalfNodes } from '../../engine/on-behalf.ts';
import {
  envelopeOf,
  loadRecord,
  type ResolvedNode,
  recordNotFound,
  type StoredRecord,
  storedOf,
  UUID_PATTERN,
} from '../../engine/record-store.ts';
import { changeOperation, rowOperations } from '../../engine/row-scope.ts';
import type { SessionUser } from '../../platform/access.ts';
import { auditRoundViews } from './audit-steps.ts';
import { definitionContext, type NodeContext, nodeContext, viewScope } from './context.ts';
import { levelsOf, reviewState } from './record-views.ts';
import * as repo from './repository.ts';

/** The form of a record (new or existing): its definition, values, operations and audit rounds. */
export class RecordForms {
  constructor(
    private readonly db: Db,
    private readonly actions: ModuleActions,
    private readonly onBehalf: OnBehalfNodes,
  ) {}

  /**
   * 所属企业 of a record for an administrator on a node that accepts an owner chosen by one (decision
   * 0060): none yet on a new record (the form asks), else the enterprise account it belongs to.
   */
  private async onBehalfOf(user: SessionUser, node: ResolvedNode, record: StoredRecord | null) {
    if (user.loginRoleType !== 'M' || !this.onBehalf.accepts(node)) return null;
    const owner = record ? await enterpriseOwnerOf(this.db, record.ownerUserId) : null;
    return { owner: owner && { userId: asUserId(owner.userId), name: owner.name } };
  }

  async details(user: SessionUser, body: RecordDetailsBody): Promise<RecordDetails> {
    if (!body.id) {
      const context = await definitionContext(this.db, user, body);
      const { definition } = context.node;
      return {
        schemaVersion: context.node.schemaVersion,
        items: definition.form.items,
        groups: definition.form.groups,
        record: null,
        meta: null,
        functions: context.functions,
        operations: [],
        onBehalf: await this.onBehalfOf(user, context.node, null),
        audit: definition.audit.levels.length
          ? { levels: levelsOf(definition.audit.levels), steps: [], earlierRounds: [] }
          : null,
      };
    }
    const latest = await nodeContext(this.db, user, body);
    // One statement: the record in the latest schema's columns, whether the caller has a pending
    // step on it and the steps of its latest audit flow (decision 0014).
    const row = await this.detailRow(user, latest, body.id);
    if (!row) throw recordNotFound();
    const head = envelopeOf(row);
    // A record is shown with the form it was filled in with (a submitted record: its snapshot version).
    const context =
      head.schemaVersion === latest.node.schemaVersion
        ? latest
        : await nodeContext(this.db, user, body, head.schemaVersion);
    const { definition, schema } = context.node;
    const record =
      context === latest
        ? storedOf(row, schema.items)
        : ((await loadRecord(this.db, context.node.tableName, head.id, schema.items)) as StoredRecord);
    const { steps, earlierRounds } = auditRoundViews(row._rounds);
    // A record under review shows what was submitted: its flow's snapshot, the values with the form
    // they were filled in with (decision 0012), whatever a later publish did to the record's columns.
    const snapshot =
      record.status === 'submitted'
        ? ((await findLatestInstance(this.db, latest.node.nodeId, record.id))?.snapshot ?? null)
        : null;
    return {
      schemaVersion: record.schemaVersion,
      items: snapshot?.items ?? definition.form.items,
      groups: snapshot?.groups ?? definition.form.groups,
      record: snapshot?.values ?? recordToWire(schema.items, record.values),
      meta: {
        id: record.id,
        version: record.version,
        status: record.status,
        auditState: record.auditState,
        businessId: record.businessId,
        createdAt: record.createdAt.toISOString(),
        submittedAt: record.submittedAt?.toISOString() ?? null,
      },
      functions: latest.functions,
      operations: rowOperations(
        reviewState(user, record, row),
        latest.node.definition.functions,
        latest.allowed,
        this.actions.offeredBy(latest.node.definition.functions),
        changeOperation(user, latest.node),
      ),
      onBehalf: await this.onBehalfOf(user, latest.node, record),
      audit:
        definition.audit.levels.length || steps.length
          ? { levels: levelsOf(definition.audit.levels), steps, earlierRounds }
          : null,
    };
  }

  /** The record of a details call under the caller's read scope, with its review state; or null. */
  private async detailRow(user: SessionUser, context: NodeContext, id: string) {
    if (!UUID_PATTERN.test(id)) return null;
    return repo.findDetailRow(this.db, user, context.node, id, viewScope(user, context));
  }
}
