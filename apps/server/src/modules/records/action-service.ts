import {
  actionNotApplicableMessage,
  actionUnavailableMessage,
  functionName,
  type RunActionBody,
  type RunActionResult,
} from '@ks/contract';
import type { Db } from '../../db/client.ts';
import { withFailureLogged } from '../../engine/lifecycle.ts';
import { appliesTo, type ModuleActions } from '../../engine/module-actions.ts';
import { requireFunction } from '../../engine/node-functions.ts';
import { loadRecord, recordNotFound, updateEnvelope, writeRevision } from '../../engine/record-store.ts';
import { isOwnerSide, readScope } from '../../engine/row-scope.ts';
import type { SessionUser } from '../../platform/access.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { recordOperation } from '../../platform/operation-log.ts';
import { nodeContext, type RequestMeta } from './context.ts';

/**
 * Runs module actions on records (decision 0030): the same checks as a built-in action (the node
 * offers it, the caller is granted it, the record is theirs to change and in a state the action
 * applies to, the version is the one they read), then the module's handler and the engine's own
 * writes (version, revision, operation-log line) in one transaction.
 */
export class RecordActions {
  constructor(
    private readonly db: Db,
    private readonly actions: ModuleActions,
  ) {}

  async run(
    user: SessionUser,
    code: string,
    request: RunActionBody,
    meta: RequestMeta,
  ): Promise<RunActionResult> {
    const action = this.actions.get(code);
    // An action no module registers does not exist, whatever a definition or a grant says.
    if (!action) throw notFound(actionUnavailableMessage(functionName(code)));
    const context = await nodeContext(this.db, user, request);
    requireFunction(context.allowed, code, action.label);
    const parsed = action.body.safeParse(request.body);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
      throw badRequest(parsed.error.issues[0]?.message ?? '参数有误', fields);
    }
    const { node } = context;
    const record = await loadRecord(
      this.db,
      node.tableName,
      request.id,
      node.schema.items,
      readScope(user, node),
    );
    if (!record) throw recordNotFound();
    if (!isOwnerSide(user, record)) throw forbidden();
    if (record.version !== request.version) throw conflict();
    if (!appliesTo(action, record)) throw badRequest(actionNotApplicableMessage(action.label));

    const entry = {
      user,
      action: action.label,
      targetType: node.gnCoding,
      targetId: record.id,
      targetName: node.title,
      ip: meta.ip,
    };
    // A refusal or a failure rolls the action back; its log line then says why (decision 0016).
    return withFailureLogged(this.db, entry, () =>
      this.db.transaction(async (tx) => {
        const outcome =
          (await action.handler({
            tx,
            user,
            node,
            record,
            body: parsed.data,
            outbox: this.actions.outboxFor(tx),
          })) ?? {};
        // Over the version read: a change made meanwhile (by anyone, the handler's module included
        // through another call) is a conflict that rolls the handler back with it.
        const version = await updateEnvelope(tx, node.tableName, record.id, record.version, {
          status: outcome.status,
          auditState: outcome.auditState,
        });
        await writeRevision(tx, {
          nodeId: node.nodeId,
          recordId: record.id,
          version,
          action: code,
          user,
          changes: outcome.changes ?? [],
        });
        await recordOperation(tx, entry);
        return { id: record.id, version };
      }),
    );
  }
}
