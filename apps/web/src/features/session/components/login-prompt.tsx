import { Alert } from 'antd';
import { useSessionStore } from '@/lib/session-store.ts';

/** On the login page, failures are told here instead of in a dialog. */
export function LoginPrompt() {
  const prompt = useSessionStore((state) => state.loginPrompt);
  const setLoginPrompt = useSessionStore((state) => state.setLoginPrompt);
  if (!prompt) return null;
  return (
    <Alert
      className="ks-login-prompt"
      type="error"
      showIcon
      title={prompt}
      closable={{ onClose: () => setLoginPrompt(null), 'aria-label': '关闭提示' }}
    />
  );
}
