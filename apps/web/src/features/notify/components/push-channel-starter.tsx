import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSessionStore } from '@/lib/session-store.ts';
import { keepPushSession } from '../lib/push-session.ts';

/**
 * Opens the push channel once a user is logged in (opened on demand). Unmounting does
 * not close it: the channel lives as long as the session (see keepPushSession).
 */
export function PushChannelStarter() {
  const token = useSessionStore((state) => state.token);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (token) keepPushSession(token, queryClient);
  }, [token, queryClient]);

  return null;
}
