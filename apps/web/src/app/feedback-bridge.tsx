import { App } from 'antd';
import { useEffect } from 'react';
import { setFeedback } from '@/lib/feedback.ts';

/** Hands the context-aware message and modal of antd's <App> to the HTTP client. */
export function FeedbackBridge() {
  const { message, modal } = App.useApp();
  useEffect(() => {
    setFeedback({
      warnMessage: (text) => void message.warning(text),
      successMessage: (text) => void message.success(text),
      showDialog: (kind, content) => {
        if (kind === 'error') modal.error({ title: '错误', content });
        else modal.warning({ title: '提示', content });
      },
    });
    return () => setFeedback(null);
  }, [message, modal]);
  return null;
}
