import { ACCOUNT_LOG_CODING, type LogHistoryBody, type OperationLogEntry } from '@ks/contract';
import type { Db } from '../../db/client.ts';
import { canReadRecordOfNode } from '../../engine/record-readers.ts';
import type { SessionUser } from '../../platform/access.ts';
import { forbidden } from '../../platform/errors.ts';
import * as repo from './repository.ts';

/** Target types whose id is a userCode: a person's own account. */
const ACCOUNT_TARGET_TYPES = ['user', 'session'];

/** Which target types a gnCoding reads: `account` is the account's own log; any other coding is its own type. */
export function targetTypesOf(gnCoding: string): string[] {
  return gnCoding === ACCOUNT_LOG_CODING ? ACCOUNT_TARGET_TYPES : [gnCoding];
}

export function toLogEntry(row: repo.OperationLogRow): OperationLogEntry {
  return {
    glName: row.targetName || row.action,
    czrClassification: row.roleType,
    czrName: row.userName,
    logbook: row.detail ? `${row.action}：${row.detail}` : row.action,
    failInfo: row.result,
    czTime: row.createdAt.toISOString(),
  };
}

/**
 * Who may read a target's log:
 * - administrators (M): any target;
 * - everyone else: their own account (`account`, `user` or `session` with their userCode), any
 *   target they have acted on themselves (they then see its whole history, as its owner or
 *   handler does), and any node record they may read (its history follows the record's row scope:
 *   a colleague of the owning enterprise, or its reviewer, reads all of it without having acted).
 *   A node's own log (id = its gnCoding) is the exception: there they see only their own entries.
 */
export class OperationLogService {
  constructor(private readonly db: Db) {}

  async getLogHistory(user: SessionUser, body: LogHistoryBody): Promise<OperationLogEntry[]> {
    const targetTypes = targetTypesOf(body.gnCoding);
    await this.assertMayRead(user, targetTypes, body);
    // A node's own log (the records runtime's exports and imports, logged against the node's coding)
    // belongs to no one record: every enterprise acts on it, so outside administrators each caller
    // reads only their own entries of it.
    const nodeLevel = body.id === body.gnCoding && user.loginRoleType !== 'M';
    const rows = await repo.findTargetLog(
      this.db,
      targetTypes,
      body.id,
      nodeLevel ? { byUserId: user.id } : {},
    );
    return rows.map(toLogEntry);
  }

  private async assertMayRead(user: SessionUser, targetTypes: string[], body: LogHistoryBody) {
    if (user.loginRoleType === 'M') return;
    const isOwnAccount =
      targetTypes.every((type) => ACCOUNT_TARGET_TYPES.includes(type)) && body.id === user.userCode;
    if (isOwnAccount) return;
    if (await repo.hasActedOn(this.db, user.id, targetTypes, body.id)) return;
    if (
      body.gnCoding !== ACCOUNT_LOG_CODING &&
      (await canReadRecordOfNode(this.db, user, body.gnCoding, body.id))
    )
      return;
    throw forbidden('无权查看该操作日志');
  }
}
