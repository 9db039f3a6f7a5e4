import { PUSH_EVENTS, type PushMessage } from '@ks/contract/notify';
import type { QueryClient } from '@tanstack/react-query';
import { useSessionStore } from '@/lib/session-store.ts';
import { notifyKeys } from '../api/query-keys.ts';
import { useNoticeStore } from './notice-store.ts';
import { openPushChannel, type PushChannel, type PushEvent } from './push-client.ts';

export const SUBSCRIBE_URL = '/ks/message/v1/subscribe';

/** The one push stream of this tab and the session token it belongs to. */
let current: { token: string; channel: PushChannel } | null = null;
let isWatchingSession = false;

function eventHandler(queryClient: QueryClient) {
  const { addMessage, removeNotice } = useNoticeStore.getState();
  return (event: PushEvent) => {
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
}

/** Ends this tab's stream and drops the notices it raised (logout, expiry, another login). */
export function closePushSession() {
  if (!current) return;
  current.channel.close();
  current = null;
  useNoticeStore.getState().clearNotices();
}

/**
 * Opens the push stream of the signed-in session unless it is open already. The stream belongs to
 * the session, not to a component: layouts and pages mount and unmount as the user navigates (the
 * not-found page, a route error, a lazy layout swap) and must not drop and reopen it each time.
 * It closes when the session's token changes or goes (logout, expiry, kick-out).
 */
export function keepPushSession(token: string, queryClient: QueryClient) {
  if (current?.token === token) return;
  closePushSession();
  current = {
    token,
    channel: openPushChannel({
      url: SUBSCRIBE_URL,
      getToken: () => useSessionStore.getState().token,
      onEvent: eventHandler(queryClient),
    }),
  };
  if (isWatchingSession) return;
  isWatchingSession = true;
  useSessionStore.subscribe((state) => {
    if (current && state.token !== current.token) closePushSession();
  });
}
