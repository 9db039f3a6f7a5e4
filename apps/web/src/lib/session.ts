import { useSessionStore } from './session-store.ts';

const sessionEndListeners = new Set<() => void>();

/**
 * Runs `listener` whenever a session ends on this side. The query client clears its cache this way
 * (lib/query-client.ts): the stand-alone login page runs without a query client (decision 0035), so
 * this module must not import it.
 */
export function onSessionEnd(listener: () => void) {
  sessionEndListeners.add(listener);
}

/**
 * Ends the session on this side: token, user and roles leave sessionStorage, and every cached
 * answer goes too, so the next person to log in in this tab never sees the last one's data.
 */
export function endSession() {
  useSessionStore.getState().clearSession();
  for (const listener of sessionEndListeners) listener();
}
