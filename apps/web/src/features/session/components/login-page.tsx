import type { LoginVariant } from '@ks/contract/platform';
import { Card, Spin, Typography } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { LoginForm } from './login-form.tsx';

// The role labels come from the contract's session module, which carries zod: only the
// business-handling variant needs them, so only it loads them.
const BusinessRoleTabs = lazy(() =>
  import('./business-role-tabs.tsx').then((m) => ({ default: m.BusinessRoleTabs })),
);

type LoginPageProps = {
  variant: LoginVariant;
  platformName: string;
  footer: ReactNode;
  /** The portal navigation the public-service home shows over its banner. */
  nav?: ReactNode;
};

/** The login page of the deployment's variant (spec 001 §1: deploy-config.loginVariant). */
export function LoginPage({ variant, platformName, footer, nav }: LoginPageProps) {
  if (variant === 'public-service') {
    return (
      <div className="ks-login ks-login-public">
        {nav ? <div className="ks-public-header-home">{nav}</div> : null}
        <header className="ks-login-banner">
          <Typography.Title level={2}>{platformName || '公共服务平台'}</Typography.Title>
          <Typography.Text>公共服务</Typography.Text>
        </header>
        <main className="ks-login-main">
          <Card className="ks-login-card" title={<h1 className="ks-login-title">公共服务登录</h1>}>
            <LoginForm />
          </Card>
        </main>
        <footer>{footer}</footer>
      </div>
    );
  }
  const isBusiness = variant === 'business-handling';
  return (
    <div className={`ks-login ${isBusiness ? 'ks-login-business' : 'ks-login-plain'}`}>
      <main className="ks-login-main">
        {platformName ? <Typography.Title level={3}>{platformName}</Typography.Title> : null}
        <Card
          className="ks-login-card"
          title={<h1 className="ks-login-title">{isBusiness ? '业务办理登录' : '用户登录'}</h1>}
        >
          {isBusiness ? (
            <Suspense fallback={<Spin />}>
              <BusinessRoleTabs />
            </Suspense>
          ) : (
            <LoginForm />
          )}
        </Card>
      </main>
      <footer>{footer}</footer>
    </div>
  );
}
