import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http.ts';
import { recordKeys } from './query-keys.ts';
import type { NodeRef } from './types.ts';

type Target = { id: string; version: number };

/**
 * Answers the tip dialog handles itself: 418 (enterprise information missing) and 401
 * (not logged in); every other failure keeps the client's dialog.
 */
export const TIP_QUIET_CODES: readonly number[] = [401, 418];
const quiet = { quietCodes: TIP_QUIET_CODES };

/** DELETE /ks/monitor/delete (soft, by version). */
export const deleteRecord = (node: NodeRef, { id, version }: Target) =>
  http.delete<null>('/ks/monitor/delete', { query: { ...node, id, version }, ...quiet });
/** POST /ks/monitor/submit: starts the record's audit flow. */
export const submitRecord = (node: NodeRef, { id, version }: Target) =>
  http.post<null>('/ks/monitor/submit', { ...node, id, version }, quiet);
/** POST /ks/monitor/revoke: takes a submitted record back. */
export const revokeRecord = (node: NodeRef, id: string) =>
  http.post<null>('/ks/monitor/revoke', { ...node, id }, quiet);
/** POST /ks/monitor/audit: the current reviewer's pass or reject, with advice. */
export const auditRecord = (node: NodeRef, id: string, result: 'pass' | 'reject', advice: string) =>
  http.post<null>('/ks/monitor/audit', { ...node, id, result, advice }, quiet);
/** Which pending step moves (its level and current reviewer) and to whom. */
export type Assignment = { level: number; fromUserId: string; userId: string };
/** POST /ks/monitor/assign: an administrator hands a pending step to another reviewer. */
export const assignRecord = (node: NodeRef, id: string, assignment: Assignment) =>
  http.post<null>('/ks/monitor/assign', { ...node, id, ...assignment }, quiet);
/** POST /ks/monitor/publish: approved → published. */
export const publishRecord = (node: NodeRef, id: string) =>
  http.post<null>('/ks/monitor/publish', { ...node, id }, quiet);

/**
 * POST /ks/records/actions/:code: runs a module action (decision 0030) over the version shown. The
 * page sends no input: actions that need some are run from their module's own screens.
 */
export const runModuleAction = (node: NodeRef, code: string, { id, version }: Target) =>
  http.post<{ id: string; version: number }>(
    `/ks/records/actions/${encodeURIComponent(code)}`,
    { ...node, id, version, body: {} },
    quiet,
  );

export type RecordAction =
  | { kind: 'delete'; target: Target }
  | { kind: 'submit'; target: Target }
  | { kind: 'revoke'; target: Target }
  | { kind: 'audit'; target: Target; result: 'pass' | 'reject'; advice: string }
  | ({ kind: 'assign'; target: Target } & Assignment)
  | { kind: 'publish'; target: Target }
  | { kind: 'module'; code: string; target: Target };

/** What the platform says after each action succeeds. */
export const ACTION_SUCCESS: Record<RecordAction['kind'], string> = {
  delete: '删除成功',
  submit: '提交成功',
  revoke: '操作成功',
  audit: '操作成功',
  assign: '操作成功',
  publish: '操作成功',
  module: '操作成功',
};

function runAction(node: NodeRef, action: RecordAction) {
  switch (action.kind) {
    case 'delete':
      return deleteRecord(node, action.target);
    case 'submit':
      return submitRecord(node, action.target);
    case 'revoke':
      return revokeRecord(node, action.target.id);
    case 'audit':
      return auditRecord(node, action.target.id, action.result, action.advice);
    case 'assign':
      return assignRecord(node, action.target.id, {
        level: action.level,
        fromUserId: action.fromUserId,
        userId: action.userId,
      });
    case 'publish':
      return publishRecord(node, action.target.id);
    case 'module':
      return runModuleAction(node, action.code, action.target);
  }
}

/** One mutation for every row action; the node's lists, forms and histories reload after it. */
export function useRecordAction(node: NodeRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: RecordAction) => runAction(node, action),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordKeys.records(node) }),
  });
}
