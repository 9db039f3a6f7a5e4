import { LOCAL_NOTICE_MSG_ID } from '@ks/contract/notify';
import { useConfirmMessage } from '../api/confirm-message.ts';
import { useNoticeStore } from '../lib/notice-store.ts';

/**
 * Closing a notice confirms it: the server gets its msgId. A notice with msgId -99 is
 * the web app's own and closes without a call.
 */
export function useCloseNotice() {
  const confirm = useConfirmMessage();
  const removeNotice = useNoticeStore((state) => state.removeNotice);
  const close = (msgId: number) => {
    if (msgId === LOCAL_NOTICE_MSG_ID) {
      removeNotice(msgId);
      return;
    }
    confirm.mutate(msgId, { onSuccess: () => removeNotice(msgId) });
  };
  return { close, isPending: confirm.isPending };
}
