import { Modal, message } from 'antd';

// antd's static API, for calls with no feedback host to take them (feedback.ts loads this on first
// use). Typed here rather than importing feedback.ts's Feedback, which would make an import cycle.
export const staticFeedback = {
  warnMessage: (text: string) => void message.warning(text),
  successMessage: (text: string) => void message.success(text),
  showDialog: (kind: 'error' | 'warning', content: string) => {
    if (kind === 'error') Modal.error({ title: '错误', content });
    else Modal.warning({ title: '提示', content });
  },
};
