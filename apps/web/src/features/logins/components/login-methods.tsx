import type { LoginResult } from '@ks/contract/session';
import { Alert, Spin } from 'antd';
import { lazy, type ReactNode, Suspense, useCallback, useMemo, useState } from 'react';
import { getToken, useSessionStore } from '@/lib/session-store.ts';
import {
  type PageNavigation,
  PageNavigationProvider,
  usePageNavigation,
} from '@/shared/navigation/page-navigation.tsx';
import { bindWechatSession } from '../api/wechat-login.ts';

// The panels load when chosen: the password form stays the login page's only first-load form.
const SmsLoginForm = lazy(() => import('./sms-login-form.tsx').then((m) => ({ default: m.SmsLoginForm })));
const WechatLoginPanel = lazy(() =>
  import('./wechat-login-panel.tsx').then((m) => ({ default: m.WechatLoginPanel })),
);
const LocalScanPanel = lazy(() =>
  import('./wechat-login-panel.tsx').then((m) => ({ default: m.LocalScanPanel })),
);

const METHODS = [
  { key: 'password', label: '账号登录' },
  { key: 'sms', label: '短信登录' },
  { key: 'wechat', label: '微信扫码' },
] as const;
type Method = (typeof METHODS)[number]['key'];

type Props = {
  /** The password form (the session feature's). */
  password: ReactNode;
  /** Enters the session a login answered and answers where to go (the session feature's enterSession). */
  enterSession: (result: LoginResult, redirect: string | null) => Promise<string>;
};

/**
 * The login box's methods (decision 0079): 账号登录, 短信登录, 微信扫码. A plain tab list (antd's
 * Tabs weighs on the login page's first load); WeChat's callback and the local stand-in's scan
 * page come back to /login with their state, which opens the WeChat tab.
 */
export function LoginMethods({ password, enterSession }: Props) {
  const navigation = usePageNavigation();
  const { search, go } = navigation;
  // A scanned WeChat identity the password login about to happen binds (decision 0079).
  const [pendingBind, setPendingBind] = useState<string | null>(null);
  const bindingNavigation = useMemo<PageNavigation>(
    () => ({
      ...navigation,
      go: (to, options) => {
        // Only a move after the login (a session exists) binds; 注册账号 and 忘记密码 just move.
        if (!pendingBind || !getToken()) return navigation.go(to, options);
        void bindWechatSession(pendingBind)
          .catch(() => undefined)
          .finally(() => navigation.go(to, options));
      },
    }),
    [navigation, pendingBind],
  );
  const params = new URLSearchParams(search);
  const localState = params.get('wechatLocalState');
  const resumeState = params.get('wechatState');
  const [method, setMethod] = useState<Method>(localState || resumeState ? 'wechat' : 'password');
  const setLoginPrompt = useSessionStore((state) => state.setLoginPrompt);
  const redirect = params.get('redirect');

  const onLogin = useCallback(
    async (result: LoginResult) => go(await enterSession(result, redirect), { replace: true }),
    [enterSession, go, redirect],
  );

  const choose = (next: Method) => {
    setLoginPrompt(null);
    setPendingBind(null);
    setMethod(next);
  };

  return (
    <div className="ks-login-methods">
      <div role="tablist" aria-label="登录方式" className="ks-login-method-tabs">
        {METHODS.map(({ key, label }) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`ks-login-tab-${key}`}
            aria-selected={method === key}
            aria-controls="ks-login-method-panel"
            className={method === key ? 'ks-login-method-tab is-active' : 'ks-login-method-tab'}
            onClick={() => choose(key)}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="ks-login-method-panel" aria-labelledby={`ks-login-tab-${method}`}>
        {method === 'password' ? (
          <PageNavigationProvider value={bindingNavigation}>
            {pendingBind ? <Alert type="info" showIcon title="登录后将绑定刚才扫码的微信" /> : null}
            {password}
          </PageNavigationProvider>
        ) : (
          <Suspense fallback={<Spin />}>
            {method === 'sms' ? (
              <SmsLoginForm onLogin={onLogin} />
            ) : localState ? (
              <LocalScanPanel state={localState} />
            ) : (
              <WechatLoginPanel
                onLogin={onLogin}
                resumeState={resumeState}
                callbackError={params.get('wechatError')}
                onBindByPassword={(state) => {
                  choose('password');
                  setPendingBind(state);
                }}
              />
            )}
          </Suspense>
        )}
      </div>
    </div>
  );
}
