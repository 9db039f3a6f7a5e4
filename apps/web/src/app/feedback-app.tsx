import { App } from 'antd';
import { FeedbackBridge } from './feedback-bridge.tsx';

/** antd's App, drawing the HTTP client's messages and dialogs (loaded by feedback-host.tsx). */
export function FeedbackApp() {
  return (
    <App component={false}>
      <FeedbackBridge />
    </App>
  );
}
