import { QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { queryClient as appQueryClient } from '@/lib/query-client.ts';
import { APP_THEME } from './base-providers.tsx';
import { FeedbackBridge } from './feedback-bridge.tsx';
import type { ProvidersProps } from './root-providers.tsx';

/**
 * The root's providers with antd's App and its feedback bridge mounted at once, for widgets and
 * routes rendered on their own (tests), whose messages must not wait for a chunk. The app itself
 * uses RootProviders (root-providers.tsx): a module the entry does not import, so App stays off /login.
 */
export function AppProviders({ children, client = appQueryClient }: ProvidersProps) {
  return (
    <ConfigProvider locale={zhCN} theme={APP_THEME}>
      <App>
        <FeedbackBridge />
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </App>
    </ConfigProvider>
  );
}
