import { randomUUID } from 'node:crypto';
import {
  EDITABLE_STATUSES,
  type FormItem,
  type NativeValue,
  type NodeRef,
  ON_BEHALF_MESSAGES,
  RECORD_NOT_DELETABLE_MESSAGE,
  RECORD_NOT_EDITABLE_MESSAGE,
  REVISION_ACTION_LABELS,
  type RecordStatus,
  type Revision,
  type RevisionAction,
  recordFromWire,
  recordToWire,
  type SaveRecordBody,
  type SaveResult,
  type UpdatePartBody,
  type WireRecord,
} from '@ks/contract';
import type { Db } from '../../db/client.ts';
import { writeTogether } from '../../db/write-together.ts';
import { type LifecycleEvents, withFailureLogged } from '../../engine/lifecycle.ts';
import type { ModuleActions } from '../../engine/module-actions.ts';
import { requireFunction } from '../../engine/node-functions.ts';
import type { OnBehalfNodes, RecordOwner } from '../../engine/on-behalf.ts';
import {
  findRevisions,
  loadRecord,
  type ResolvedNode,
  recordNotFound,
  revisionInsert,
  type StoredRecord,
  writeRevision,
} from '../../engine/record-store.ts';
import { isOwnerSide, readScope } from '../../engine/row-scope.ts';
import { validateForSave } from '../../engine/validate-for-save.ts';
import type { SessionUser } from '../../platform/access.ts';
import { badRequest, conflict, forbidden } from '../../platform/errors.ts';
import { operationInsert, recordOperation } from '../../platform/operation-log.ts';
import { type NodeContext, nodeContext, type RequestMeta, viewScope } from './context.ts';
import { diff } from './record-views.ts';
import * as repo from './repository.ts';

/** The operation log's detail of a record entered on behalf of an enterprise (decision 0060). */
export const onBehalfDetail = (owner: RecordOwner) =>
  `代企业录入，所属企业：${owner.name}（${owner.userId}）`;

/** Validates wire values with the form's own schema; a failure is 400 with the {field: message} map. */
export const validateWire = (db: Db, items: readonly FormItem[], wire: WireRecord) =>
  validateForSave(db, items, recordFromWire(items, wire));

/** Saves of node records: create, replace, partial update and delete, each with a revision and a log line. */
export class RecordWrites {
  constructor(
    private readonly db: Db,
    private readonly events: LifecycleEvents,
    private readonly actions: ModuleActions,
    private readonly onBehalf: OnBehalfNodes,
  ) {}

  /** The log entry of a records action on `node` (written on failure by withFailureLogged). */
  private entry(user: SessionUser, node: ResolvedNode, action: string, meta: RequestMeta, targetId = '') {
    return { user, action, targetType: node.gnCoding, targetId, targetName: node.title, ip: meta.ip };
  }

  async save(user: SessionUser, body: SaveRecordBody, meta: RequestMeta): Promise<SaveResult> {
    const context = await nodeContext(this.db, user, body);
    requireFunction(context.allowed, 'save');
    const { ownerUserId } = body;
    if (!body.id) {
      // Entered on behalf of an enterprise (decision 0060): checked before anything is written.
      const owner = ownerUserId
        ? await this.onBehalf.chosenOwner(this.db, user, context.node, ownerUserId)
        : null;
      return this.create(user, context, body.values, meta, owner);
    }
    if (ownerUserId && user.loginRoleType !== 'M') throw forbidden(ON_BEHALF_MESSAGES.adminOnly);
    if (body.version === undefined) throw badRequest('缺少数据版本', { version: '缺少数据版本' });
    return this.update(user, context, body.id, body.version, body.values, 'replace', meta, ownerUserId);
  }

  async updatePart(user: SessionUser, body: UpdatePartBody, meta: RequestMeta): Promise<SaveResult> {
    const context = await nodeContext(this.db, user, body);
    requireFunction(context.allowed, 'save');
    return this.update(user, context, body.id, body.version, body.values, 'merge', meta);
  }

  /** A new record: the caller's, or (owner) the enterprise's an administrator enters it for. */
  private async create(
    user: SessionUser,
    context: NodeContext,
    wire: WireRecord,
    meta: RequestMeta,
    owner: RecordOwner | null,
  ) {
    const { node } = context;
    const items = node.schema.items;
    const clean = await validateWire(this.db, items, wire);
    const created = { id: randomUUID(), version: 1 };
    if (this.events.listens(node, 'beforeSave', 'afterSave'))
      return withFailureLogged(this.db, this.entry(user, node, '新增数据', meta), () =>
        this.db.transaction(async (tx) => {
          const ownerUserId = owner?.userId ?? user.id;
          const event = { tx, user, node, recordId: null, ownerUserId, values: clean };
          await this.events.emit('beforeSave', event);
          await writeTogether(
            tx,
            this.createStatements(tx, user, node, created.id, event.values, meta, owner),
          );
          await this.events.emit('afterSave', { ...event, recordId: created.id, version: created.version });
          return created;
        }),
      );
    await writeTogether(this.db, this.createStatements(this.db, user, node, created.id, clean, meta, owner));
    return created;
  }

  /**
   * The record, its first revision and the log entry: one atomic statement, one round trip. The
   * caller is the revision's and the log's actor; the log names the owner it entered the record for.
   */
  private createStatements(
    db: Db,
    user: SessionUser,
    node: ResolvedNode,
    id: string,
    clean: Record<string, NativeValue>,
    meta: RequestMeta,
    owner: RecordOwner | null,
  ) {
    const items = node.schema.items;
    const created = { id, version: 1 };
    const ownedBy = owner ? { id: owner.userId, enterpriseId: owner.enterpriseId } : user;
    return [
      repo.recordsInsert(node, ownedBy, items, [{ id: created.id, clean }]),
      revisionInsert(db, {
        nodeId: node.nodeId,
        recordId: created.id,
        version: created.version,
        action: 'create',
        user,
        changes: diff(items, {}, recordToWire(items, clean)),
      }).getSQL(),
      operationInsert(db, {
        user,
        action: '新增数据',
        targetType: node.gnCoding,
        targetId: created.id,
        targetName: node.title,
        ...(owner ? { detail: onBehalfDetail(owner) } : {}),
        ip: meta.ip,
      }).getSQL(),
    ];
  }

  private async update(
    user: SessionUser,
    latest: NodeContext,
    id: string,
    version: number,
    wire: WireRecord,
    mode: 'replace' | 'merge',
    meta: RequestMeta,
    ownerUserId?: string,
  ): Promise<SaveResult> {
    const existing = await this.writableRecord(user, latest, id);
    if (!EDITABLE_STATUSES.includes(existing.status as RecordStatus))
      throw badRequest(RECORD_NOT_EDITABLE_MESSAGE);
    if (existing.version !== version) throw conflict();
    // A saved record keeps its owner (decision 0060); the form may send the one it has.
    if (ownerUserId && ownerUserId !== existing.ownerUserId)
      throw badRequest(ON_BEHALF_MESSAGES.ownerFixed, { ownerUserId: ON_BEHALF_MESSAGES.ownerFixed });
    // A record is edited with the form it was filled in with.
    const context =
      existing.schemaVersion === latest.node.schemaVersion
        ? latest
        : await nodeContext(this.db, user, latest.node, existing.schemaVersion);
    const { node } = context;
    const items = node.schema.items;
    const current = (await loadRecord(this.db, node.tableName, id, items)) as StoredRecord;
    const before = recordToWire(items, current.values);
    const incoming = mode === 'merge' ? { ...before, ...wire } : wire;
    const clean = await validateWire(this.db, items, incoming);
    const action = mode === 'merge' ? '修改部分数据' : '修改数据';
    const write = () =>
      this.db.transaction(async (tx) => {
        const event = { tx, user, node, recordId: id, ownerUserId: existing.ownerUserId, values: clean };
        await this.events.emit('beforeSave', event);
        const after = recordToWire(
          items,
          Object.fromEntries(items.map((item) => [item.code, clean[item.code] ?? null])),
        );
        const updated = await repo.updateValues(tx, node, items, id, version, clean);
        if (updated === null) throw conflict();
        await writeRevision(tx, {
          nodeId: node.nodeId,
          recordId: id,
          version: updated,
          action: 'update',
          user,
          changes: diff(items, before, after),
        });
        await recordOperation(tx, {
          user,
          action,
          targetType: node.gnCoding,
          targetId: id,
          targetName: node.title,
          ip: meta.ip,
        });
        await this.events.emit('afterSave', { ...event, version: updated });
        return { id, version: updated };
      });
    return this.events.listens(node, 'beforeSave', 'afterSave')
      ? withFailureLogged(this.db, this.entry(user, node, action, meta, id), write)
      : write();
  }

  /** A record the caller may change: readable (else 404, the same as absent) and on the owner side (else 403). */
  private async writableRecord(user: SessionUser, context: NodeContext, id: string): Promise<StoredRecord> {
    const record = await loadRecord(this.db, context.node.tableName, id, [], readScope(user, context.node));
    if (!record) throw recordNotFound();
    if (!isOwnerSide(user, record)) throw forbidden();
    return record;
  }

  async remove(user: SessionUser, query: NodeRef & { id: string; version: number }, meta: RequestMeta) {
    const context = await nodeContext(this.db, user, query);
    requireFunction(context.allowed, 'delete');
    const { node } = context;
    const existing = await this.writableRecord(user, context, query.id);
    if (!EDITABLE_STATUSES.includes(existing.status as RecordStatus))
      throw badRequest(RECORD_NOT_DELETABLE_MESSAGE);
    const write = () =>
      this.db.transaction(async (tx) => {
        const event = { tx, user, node, recordId: query.id };
        await this.events.emit('beforeDelete', event);
        const deleted = await repo.softDelete(tx, node.tableName, query.id, query.version);
        if (deleted === null) throw conflict();
        await writeRevision(tx, {
          nodeId: node.nodeId,
          recordId: query.id,
          version: deleted,
          action: 'delete',
          user,
          changes: [],
        });
        await recordOperation(tx, {
          user,
          action: '删除数据',
          targetType: node.gnCoding,
          targetId: query.id,
          targetName: node.title,
          ip: meta.ip,
        });
        await this.events.emit('afterDelete', event);
      });
    await (this.events.listens(node, 'beforeDelete', 'afterDelete')
      ? withFailureLogged(this.db, this.entry(user, node, '删除数据', meta, query.id), write)
      : write());
  }

  /** A record's change history (logHistory): who changed which field from what to what. */
  async revisions(user: SessionUser, body: NodeRef & { id: string }): Promise<Revision[]> {
    const context = await nodeContext(this.db, user, body);
    const record = await loadRecord(this.db, context.node.tableName, body.id, [], viewScope(user, context));
    if (!record) throw recordNotFound();
    const rows = await findRevisions(this.db, context.node.nodeId, record.id);
    return rows.map((row) => ({
      version: row.version,
      action: row.action,
      // A module action's revision is named by its code (decision 0030).
      actionName: REVISION_ACTION_LABELS[row.action as RevisionAction] ?? this.actions.labelOf(row.action),
      userName: row.userName,
      time: row.createdAt.toISOString(),
      dataList: row.changes,
    }));
  }
}
