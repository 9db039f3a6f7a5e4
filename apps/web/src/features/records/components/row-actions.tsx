import { isBuiltinFunction, type NodeFunction } from '@ks/contract/node-definition';
import { RECORD_CHANGE_OPERATION } from '@ks/contract/record-changes';
import type { RowOperation } from '@ks/contract/records';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { getFeedback } from '@/lib/feedback.ts';
import { detailPath } from '../../../shared/record-paths.ts';
import { ACTION_SUCCESS, type RecordAction, useRecordAction } from '../api/record-actions.ts';
import type { NodeRef } from '../api/types.ts';
import { AuditDialog } from './audit-dialog.tsx';
import { ChangeDialog, type ChangeMode } from './change-request/change-dialog.tsx';
import { TaskAssignDialog } from './task-assign-dialog.tsx';
import { TipDialog } from './tip-dialog.tsx';

export type ActionTarget = { id: string; version: number };

/** The question each confirmed action asks first. */
export const CONFIRM_TEXTS: Partial<Record<NodeFunction, string>> = {
  delete: '确定删除该条数据吗？',
  submit: '确定提交该条数据吗？',
  revoke: '确定撤回该条数据吗？',
  publish: '确定发布该条数据吗？',
};

type Confirmed = 'delete' | 'submit' | 'revoke' | 'publish';
/** What the tip dialog confirms: a built-in action, or a module action with its label. */
type Confirming =
  | { kind: Confirmed; target: ActionTarget }
  | { kind: 'module'; code: string; name: string; target: ActionTarget };

/** The question a module action (decision 0030) asks first, in the words of the built-in ones. */
export const moduleConfirmText = (name: string) => `确定${name}该条数据吗？`;

/**
 * Runs a row's operation (查看/编辑 open the detail page; 删除, 提交, 撤回, 发布 and the node's
 * module actions ask in the tip dialog; 审核 and 分配 open their dialogs) and shows the platform's
 * success message.
 */
export function useRowActions(node: NodeRef, onDone?: (kind: RecordAction['kind']) => void) {
  const navigate = useNavigate();
  const mutation = useRecordAction(node);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [auditing, setAuditing] = useState<ActionTarget | null>(null);
  const [assigning, setAssigning] = useState<ActionTarget | null>(null);
  const [changing, setChanging] = useState<{ id: string; mode: ChangeMode } | null>(null);

  const perform = async (action: RecordAction) => {
    await mutation.mutateAsync(action);
    getFeedback().successMessage(ACTION_SUCCESS[action.kind]);
    onDone?.(action.kind);
  };

  /** The operation as the server offered it: its label names a module action's confirmation. */
  const run = (operation: Pick<RowOperation, 'code' | 'name' | 'mode'>, target: ActionTarget) => {
    const { code, name } = operation;
    // 变更: the server says whether the caller initiates a change (owners) or checks it (administrators).
    if (code === RECORD_CHANGE_OPERATION) {
      setChanging({ id: target.id, mode: operation.mode ?? 'initiate' });
      return;
    }
    if (!isBuiltinFunction(code)) {
      setConfirming({ kind: 'module', code, name, target });
      return;
    }
    switch (code) {
      case 'view':
        navigate(detailPath(node, target.id, true));
        return;
      case 'save':
        navigate(detailPath(node, target.id));
        return;
      case 'delete':
      case 'submit':
      case 'revoke':
      case 'publish':
        setConfirming({ kind: code, target });
        return;
      case 'audit':
        setAuditing(target);
        return;
      case 'assign':
        setAssigning(target);
        return;
    }
  };

  const element = (
    <>
      <TipDialog
        open={confirming !== null}
        content={
          confirming?.kind === 'module'
            ? moduleConfirmText(confirming.name)
            : confirming
              ? CONFIRM_TEXTS[confirming.kind]
              : ''
        }
        onConfirm={() => confirming && perform(confirming)}
        onClose={() => setConfirming(null)}
      />
      <AuditDialog
        open={auditing !== null}
        isPending={mutation.isPending}
        onClose={() => setAuditing(null)}
        onSubmit={(decision) => {
          if (!auditing) return;
          perform({ kind: 'audit', target: auditing, ...decision })
            .then(() => setAuditing(null))
            .catch(() => undefined);
        }}
      />
      <ChangeDialog
        node={node}
        recordId={changing?.id ?? null}
        mode={changing?.mode ?? 'initiate'}
        onClose={() => setChanging(null)}
      />
      <TaskAssignDialog
        node={node}
        recordId={assigning?.id ?? null}
        isPending={mutation.isPending}
        onClose={() => setAssigning(null)}
        onSubmit={(assignment) => {
          if (!assigning) return;
          perform({ kind: 'assign', target: assigning, ...assignment })
            .then(() => setAssigning(null))
            .catch(() => undefined);
        }}
      />
    </>
  );
  return { run, element };
}
