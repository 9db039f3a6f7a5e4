import { Button, Modal } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { SESSION_REDIRECT_DELAY_MS } from '@/lib/constants.ts';
import { isApiError } from '@/lib/http.ts';
import { endSession } from '@/lib/session.ts';
import { useReenable } from '../lib/use-reenable.ts';

/** Where a 418 answer sends the user: the enterprise information must be completed first. */
export const COMPANY_INFO_PATH = '/system/companyInfo?type=1';
export const NOT_LOGGED_IN_MESSAGE = '未登录';

const statusOf = (error: unknown) => (isApiError(error) ? [error.status, error.code] : []);

/** Reloads the application at its root (a full page load, so nothing of the old session stays in memory). */
export const reloadRoot = () => window.location.assign('/');

export type TipDialogProps = {
  open: boolean;
  title?: string;
  content: ReactNode;
  okText?: string;
  /** The action; a rejection closes nothing unless it is a 418 or 401 answer. */
  onConfirm: () => Promise<unknown> | unknown;
  onClose: () => void;
  /** Injected by tests; the app reloads the root page. */
  onReloadRoot?: () => void;
};

/**
 * The tip dialog: Enter confirms, once until the action has answered. An answer
 * with status 418 closes it and goes to the enterprise information; 401 or '未登录' clears the
 * session and local storage after 0.5 s and reloads the root.
 */
export function TipDialog({
  open,
  title = '提示',
  content,
  okText = '确定',
  onConfirm,
  onClose,
  onReloadRoot = reloadRoot,
}: TipDialogProps) {
  const navigate = useNavigate();
  const [isPending, setPending] = useState(false);
  // Read synchronously: a second Enter can land before the state above has re-rendered.
  const isPendingRef = useRef(false);
  const { isCoolingDown, guard } = useReenable();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const run = guard(async () => {
    isPendingRef.current = true;
    setPending(true);
    try {
      await onConfirm();
      onClose();
    } catch (error) {
      const statuses = statusOf(error);
      if (statuses.includes(418)) {
        onClose();
        navigate(COMPANY_INFO_PATH);
      } else if (statuses.includes(401) || (isApiError(error) && error.message === NOT_LOGGED_IN_MESSAGE)) {
        timer.current = setTimeout(() => {
          endSession();
          localStorage.clear();
          onReloadRoot();
        }, SESSION_REDIRECT_DELAY_MS);
      }
    } finally {
      isPendingRef.current = false;
      setPending(false);
    }
  });
  // The 1 s re-enable guard alone lets a second Enter through while a slow action still runs: the
  // action would be sent twice. Nothing confirms again until it has answered.
  const confirm = () => {
    if (isPendingRef.current) return;
    run();
  };

  const confirmRef = useRef(confirm);
  confirmRef.current = confirm;
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || event.isComposing) return;
      event.preventDefault();
      confirmRef.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <Modal
      title={title}
      open={open}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <Button
          key="ok"
          type="primary"
          loading={isPending}
          disabled={isCoolingDown}
          onClick={() => confirm()}
        >
          {okText}
        </Button>,
      ]}
    >
      {content}
    </Modal>
  );
}
