import { LOGIN_ROLE_TYPE_LABELS, type LoginRoleType } from '@ks/contract';
import type { Db } from '../db/client.ts';
import { operationLogs } from '../db/schema/index.ts';

export interface OperationEntry {
  user?: { id: string; userName: string; loginRoleType: LoginRoleType } | null;
  action: string;
  targetType: string;
  targetId?: string;
  targetName?: string;
  detail?: string;
  /** 'ok' when the action passed, else why it failed. */
  result?: string;
  ip?: string;
}

/** Appends one operation-log entry; pass the transaction so the entry commits with the change it describes. */
export async function recordOperation(db: Db, entry: OperationEntry): Promise<void> {
  await operationInsert(db, entry);
}

/** The insert of one operation-log entry, to run on its own or inside a larger statement. */
export function operationInsert(db: Db, entry: OperationEntry) {
  return db.insert(operationLogs).values(operationRow(entry));
}

/** The operation_logs row of an entry (for inserts of many at once). */
export function operationRow(entry: OperationEntry): typeof operationLogs.$inferInsert {
  return {
    userId: entry.user?.id ?? null,
    userName: entry.user?.userName ?? '',
    roleType: entry.user ? LOGIN_ROLE_TYPE_LABELS[entry.user.loginRoleType] : '',
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? '',
    targetName: entry.targetName ?? '',
    detail: entry.detail ?? '',
    result: entry.result ?? 'ok',
    ip: entry.ip ?? '',
  };
}
