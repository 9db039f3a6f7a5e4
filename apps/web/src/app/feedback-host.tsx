import { Component, lazy, type ReactNode, Suspense, useEffect, useSyncExternalStore } from 'react';
import { isFeedbackWanted, setFeedbackHost, subscribeFeedbackWanted } from '@/lib/feedback.ts';

const FeedbackApp = lazy(() => import('./feedback-app.tsx').then((m) => ({ default: m.FeedbackApp })));

/** If antd's App cannot load, messages fall back to antd's static API instead of breaking the root. */
class FallBackToStatic extends Component<{ children: ReactNode }, { hasFailed: boolean }> {
  override state = { hasFailed: false };
  static getDerivedStateFromError() {
    return { hasFailed: true };
  }
  override componentDidCatch() {
    setFeedbackHost(false);
  }
  override render() {
    return this.state.hasFailed ? null : this.props.children;
  }
}

/**
 * Where the HTTP client's messages and dialogs are drawn: beside the router, so a dialog outlives
 * the page that opened it (the session-expired dialog stays over /login). antd's App, which draws
 * them, weighs about 18 KB gzip: it loads when a layout mounts or the first message comes, never
 * for a plain visit to /login (bench/results/login-bundle.md).
 */
export function FeedbackHost() {
  const isWanted = useSyncExternalStore(subscribeFeedbackWanted, isFeedbackWanted);
  useEffect(() => {
    setFeedbackHost(true);
    return () => setFeedbackHost(false);
  }, []);
  if (!isWanted) return null;
  return (
    <FallBackToStatic>
      <Suspense fallback={null}>
        <FeedbackApp />
      </Suspense>
    </FallBackToStatic>
  );
}
