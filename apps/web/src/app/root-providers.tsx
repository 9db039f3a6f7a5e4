import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, theme } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';
import { queryClient as appQueryClient } from '@/lib/query-client.ts';
import { readableTokens } from '@/lib/readable-colors.ts';
import { FeedbackHost } from './feedback-host.tsx';

/** Pages outside the shell (login, registration) and the shell's default: readable text colours. */
export const APP_THEME = { token: readableTokens() };

export type ProvidersProps = { children: ReactNode; client?: QueryClient };

/** The text style antd's App gives what it wraps (colour, size, line height, font), from the tokens. */
function TextStyle({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  const { colorText: color, fontSize, lineHeight, fontFamily } = token;
  return <div style={{ color, fontSize, lineHeight, fontFamily }}>{children}</div>;
}

/**
 * The providers above the app's router. antd's App is not among them: the feedback host beside
 * the router loads it for the HTTP client's messages, and the layouts wrap their pages in it, so
 * /login renders without it (decision 0035).
 */
export function RootProviders({ children, client = appQueryClient }: ProvidersProps) {
  return (
    <ConfigProvider locale={zhCN} theme={APP_THEME}>
      <TextStyle>
        <FeedbackHost />
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </TextStyle>
    </ConfigProvider>
  );
}
