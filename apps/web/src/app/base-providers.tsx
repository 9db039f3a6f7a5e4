import { ConfigProvider, theme } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';
import { readableTokens } from '@/lib/readable-colors.ts';
import { FeedbackHost } from './feedback-host.tsx';

/** Pages outside the shell (login, registration) and the shell's default: readable text colours. */
export const APP_THEME = { token: readableTokens() };

/** The text style antd's App gives what it wraps (colour, size, line height, font), from the tokens. */
function TextStyle({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  const { colorText: color, fontSize, lineHeight, fontFamily } = token;
  return <div style={{ color, fontSize, lineHeight, fontFamily }}>{children}</div>;
}

/**
 * Locale, theme, text style and the feedback host: what every page needs, the stand-alone login
 * included. antd's App is not among them: the feedback host loads it for the HTTP client's messages,
 * and the layouts wrap their pages in it, so /login renders without it (decision 0035).
 */
export function BaseProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={APP_THEME}>
      <TextStyle>
        <FeedbackHost />
        {children}
      </TextStyle>
    </ConfigProvider>
  );
}
