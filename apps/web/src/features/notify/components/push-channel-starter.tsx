import { PUSH_EVENTS, type PushMessage } from '@ks/contract/notify';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSessionStore } from '@/lib/session-store.ts';
import { notifyKeys } from '../api/query-keys.ts';
import { useNoticeStore } from '../lib/notice-store.ts';
import { openPushChannel, type PushEvent } from '../lib/push-client.ts';

export const SUBSCRIBE_URL = '/ks/message/v1/subscribe';

/**
 * Opens the push channel once a user is logged in (spec 001 §4: opened on demand) and closes it
 * when the session ends. Messages become notices; a confirmation in another tab closes the notice
 * here; to-do changes reload the to-do badge.
 */
export function PushChannelStarter() {
  const token = useSessionStore((state) => state.token);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!token) return;
    const { addMessage, removeNotice } = useNoticeStore.getState();
    const onEvent = (event: PushEvent) => {
      try {
        const data = JSON.parse(event.data) as Record<string, unknown>;
        if (event.event === PUSH_EVENTS.message) {
          addMessage(data as PushMessage);
          void queryClient.invalidateQueries({ queryKey: notifyKeys.messages });
        } else if (event.event === PUSH_EVENTS.confirmed) {
          removeNotice(Number(data.msgId));
          void queryClient.invalidateQueries({ queryKey: notifyKeys.messages });
        } else if (event.event === PUSH_EVENTS.todo) {
          void queryClient.invalidateQueries({ queryKey: notifyKeys.todos });
        }
      } catch {
        console.warn('收到无法解析的推送消息', event.data);
      }
    };
    const channel = openPushChannel({
      url: SUBSCRIBE_URL,
      getToken: () => useSessionStore.getState().token,
      onEvent,
    });
    return () => {
      channel.close();
      useNoticeStore.getState().clearNotices();
    };
  }, [token, queryClient]);

  return null;
}
