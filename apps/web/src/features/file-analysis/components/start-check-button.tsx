import { BUTTON_REENABLE_MS } from '@ks/contract/constants';
import { COST_CHECK_STARTED_NOTICE } from '@ks/contract/cost-checks';
import { App, Button } from 'antd';
import { useState } from 'react';
import { getFeedback } from '@/lib/feedback.ts';
import { useStartCostCheck } from '../api/checks.ts';

/**
 * 开始检测: starts the cost-file check of a project. The server answers at once:
 * started → the spec's notification; isSuccess false → the global error dialog with its message.
 */
export function StartCheckButton({
  xmId,
  gnCoding,
  busy,
  onStarted,
}: {
  xmId: string;
  gnCoding: string;
  /** A check of the project is queued or running: the button waits for it. */
  busy: boolean;
  /** Called with the run once the server has queued it (the index page reloads its list). */
  onStarted?: (runId: string) => void;
}) {
  const { notification } = App.useApp();
  const start = useStartCostCheck();
  const [cooling, setCooling] = useState(false);
  const onClick = () => {
    setCooling(true);
    setTimeout(() => setCooling(false), BUTTON_REENABLE_MS);
    start.mutate(
      { xmId, gnCoding },
      {
        onSuccess: (result) => {
          if (!result.isSuccess) {
            getFeedback().showDialog('error', result.errorMessage);
            return;
          }
          notification.info({ title: '造价文件检测', description: COST_CHECK_STARTED_NOTICE });
          if (result.runId) onStarted?.(result.runId);
        },
      },
    );
  };
  return (
    <Button type="primary" onClick={onClick} loading={start.isPending} disabled={busy || cooling}>
      {busy ? '检测中' : '开始检测'}
    </Button>
  );
}
