import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient as appQueryClient } from '@/lib/query-client.ts';
import { BaseProviders } from './base-providers.tsx';

export type ProvidersProps = { children: ReactNode; client?: QueryClient };

/** The providers above the app's router: the base ones and the query client. */
export function RootProviders({ children, client = appQueryClient }: ProvidersProps) {
  return (
    <BaseProviders>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </BaseProviders>
  );
}
