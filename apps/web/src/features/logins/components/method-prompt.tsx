import { Alert } from 'antd';
import { useSessionStore } from '@/lib/session-store.ts';

/** On the login page a failure is told in the login prompt; the SMS and WeChat panels show it too. */
export function MethodPrompt() {
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
