import type { LoginVariant } from '@ks/contract/platform';
import { Spin } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { LoginForm } from './login-form.tsx';

/**
 * The login box: a plain section styled like antd's Card (app/styles.css). Card pulls in Tabs, and
 * with Typography they weighed about 30 KB gzip on the login route (bench/results/login-bundle.md).
 */
function LoginCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="ks-login-card" aria-labelledby="ks-login-title">
      <header className="ks-login-card-head">
        <h1 id="ks-login-title" className="ks-login-title">
          {title}
        </h1>
      </header>
      <div className="ks-login-card-body">{children}</div>
    </section>
  );
}

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
  /**
   * The login methods around the password form (SMS, WeChat: the app composes them from the
   * logins feature, decision 0079); without it the password form alone.
   */
  methods?: (passwordForm: ReactNode) => ReactNode;
};

/** The login page of the deployment's variant (deploy-config.loginVariant). */
export function LoginPage({ variant, platformName, footer, nav, methods }: LoginPageProps) {
  const passwordForm = methods ? methods(<LoginForm />) : <LoginForm />;
  if (variant === 'public-service') {
    return (
      <div className="ks-login ks-login-public">
        {nav ? <div className="ks-public-header-home">{nav}</div> : null}
        <header className="ks-login-banner">
          <h2 className="ks-login-banner-title">{platformName || '公共服务平台'}</h2>
          <p className="ks-login-banner-text">公共服务</p>
        </header>
        <main className="ks-login-main">
          <LoginCard title="公共服务登录">{passwordForm}</LoginCard>
        </main>
        <footer>{footer}</footer>
      </div>
    );
  }
  const isBusiness = variant === 'business-handling';
  return (
    <div className={`ks-login ${isBusiness ? 'ks-login-business' : 'ks-login-plain'}`}>
      <main className="ks-login-main">
        {platformName ? <h2 className="ks-login-platform">{platformName}</h2> : null}
        <LoginCard title={isBusiness ? '业务办理登录' : '用户登录'}>
          {isBusiness ? (
            <Suspense fallback={<Spin />}>
              <BusinessRoleTabs />
            </Suspense>
          ) : (
            passwordForm
          )}
        </LoginCard>
      </main>
      <footer>{footer}</footer>
    </div>
  );
}
