import { QueryClient } from '@tanstack/react-query';
import { onSessionEnd } from './session.ts';

/**
 * Retries are off: the HTTP client already shows a dialog for each failure, and a retried failure
 * would show it again.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

// A session's cached answers leave with it (lib/session.ts).
onSessionEnd(() => queryClient.clear());
