import { queryClient } from './query-client.ts';
import { useSessionStore } from './session-store.ts';

/**
 * Ends the session on this side: token, user and roles leave sessionStorage, and every cached
 * answer goes too, so the next person to log in in this tab never sees the last one's data.
 */
export function endSession() {
  useSessionStore.getState().clearSession();
  queryClient.clear();
}
