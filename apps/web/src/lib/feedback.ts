import { Modal, message } from 'antd';

/** Dialog type 1 (error) is for 5xx failures, type 2 (warning) for the rest (spec 001 §8). */
export type DialogKind = 'error' | 'warning';

export type Feedback = {
  warnMessage: (text: string) => void;
  successMessage: (text: string) => void;
  showDialog: (kind: DialogKind, content: string) => void;
};

const staticFeedback: Feedback = {
  warnMessage: (text) => void message.warning(text),
  successMessage: (text) => void message.success(text),
  showDialog: (kind, content) => {
    if (kind === 'error') Modal.error({ title: '错误', content });
    else Modal.warning({ title: '提示', content });
  },
};

let current: Feedback | null = null;

/**
 * antd's static message/Modal do not read the ConfigProvider context (locale, theme), so the app
 * registers the context-aware instances of App.useApp here; the static API only covers calls made
 * before the providers mount.
 */
export function setFeedback(next: Feedback | null) {
  current = next;
}

export function getFeedback(): Feedback {
  return current ?? staticFeedback;
}
