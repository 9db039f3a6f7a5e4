import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { queryClient as appQueryClient } from '@/lib/query-client.ts';
import { readableTokens } from '@/lib/readable-colors.ts';
import { FeedbackBridge } from './feedback-bridge.tsx';

/** Pages outside the shell (login, registration) and the shell's default: readable text colours. */
const APP_THEME = { token: readableTokens() };

export function AppProviders({
  children,
  client = appQueryClient,
}: {
  children: ReactNode;
  client?: QueryClient;
}) {
  return (
    <ConfigProvider locale={zhCN} theme={APP_THEME}>
      <App>
        <FeedbackBridge />
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </App>
    </ConfigProvider>
  );
}
