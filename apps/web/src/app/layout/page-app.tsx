import { App } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { wantFeedback } from '@/lib/feedback.ts';

/**
 * antd's App for a layout's pages (App.useApp: their messages, dialogs and notifications). The root
 * does not carry App (decision 0035); a layout also has the feedback host load it now, so the HTTP
 * client's first message on its pages need not wait for it.
 */
export function PageApp({ children }: { children: ReactNode }) {
  useEffect(() => wantFeedback(), []);
  return <App component={false}>{children}</App>;
}
