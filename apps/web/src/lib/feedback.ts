/** Dialog type 1 (error) is for 5xx failures, type 2 (warning) for the rest. */
export type DialogKind = 'error' | 'warning';

export type Feedback = {
  warnMessage: (text: string) => void;
  successMessage: (text: string) => void;
  showDialog: (kind: DialogKind, content: string) => void;
};

type Call = (feedback: Feedback) => void;

const forward = (send: (call: Call) => void): Feedback => ({
  warnMessage: (text) => send((feedback) => feedback.warnMessage(text)),
  successMessage: (text) => send((feedback) => feedback.successMessage(text)),
  showDialog: (kind, content) => send((feedback) => feedback.showDialog(kind, content)),
});

/** antd's static message and Modal, loaded on first use: outside any provider (tests, a failed host). */
const staticFeedback = forward(
  (call) => void import('./feedback-static.ts').then((module) => call(module.staticFeedback)),
);

let current: Feedback | null = null;
let hasHost = false;
let isWanted = false;
let waiting: Call[] = [];
const listeners = new Set<() => void>();

/** Calls made while the host loads antd's App wait for it, in order. */
const queuedFeedback = forward((call) => {
  waiting.push(call);
  wantFeedback();
});

function flush(to: Feedback) {
  const calls = waiting;
  waiting = [];
  for (const call of calls) call(to);
}

/**
 * The app registers the context-aware message and modal of antd's App here (app/feedback-host.tsx):
 * antd's static message/Modal do not read the ConfigProvider context (locale, theme).
 */
export function setFeedback(next: Feedback | null) {
  current = next;
  if (next) flush(next);
}

/**
 * The root's feedback host is mounted (or gone, or failed to load): calls wait for it while it is,
 * and fall back to the static API when it is not.
 */
export function setFeedbackHost(mounted: boolean) {
  hasHost = mounted;
  if (!mounted) flush(staticFeedback);
}

/** Asks the host to load antd's App now: the layouts do, so their first message need not wait. */
export function wantFeedback() {
  if (isWanted) return;
  isWanted = true;
  for (const listener of listeners) listener();
}

export function subscribeFeedbackWanted(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const isFeedbackWanted = () => isWanted;

export function getFeedback(): Feedback {
  return current ?? (hasHost ? queuedFeedback : staticFeedback);
}
