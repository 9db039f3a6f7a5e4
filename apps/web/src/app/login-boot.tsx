import type { DeployConfig, PlatformInfo } from '@ks/contract/platform';
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { PageLoading } from '@/components/page-loading.tsx';
import { LoginMethods } from '@/features/logins/components/login-methods.tsx';
import { PlatformFooter } from '@/features/platform/components/platform-footer.tsx';
import { enterSession } from '@/features/session/api/create-session.ts';
import { LoginPage } from '@/features/session/components/login-page.tsx';
import { withChunkTimeout } from '@/lib/chunk-load.ts';
import { getDeployConfig } from '@/shared/api/deploy-config-request.ts';
import { getPlatformInfo } from '@/shared/api/platform-info-request.ts';
import { type PageNavigation, PageNavigationProvider } from '@/shared/navigation/page-navigation.tsx';
import { BaseProviders } from './base-providers.tsx';
import { HeaderNavLinks } from './layout/header-nav-links.tsx';
import './styles.css';

/**
 * The stand-alone login (decision 0035): / and /login opened without a session render the login
 * page without the router, the query client and the route table, which together weighed 1.2 × a
 * bare antd login page. The first navigation — a successful login, 注册账号, a portal link — hands
 * over to the app in the same page: the address changes, the app's chunk loads, and the app's
 * router starts at that address, with the session the login stored.
 */
export async function bootLogin(root: Root) {
  const render = (page: React.ReactNode) =>
    root.render(
      <StrictMode>
        <BaseProviders>{page}</BaseProviders>
      </StrictMode>,
    );
  render(<PageLoading />);
  const [deployConfig, platformInfo] = await Promise.all([
    getDeployConfig().catch(() => undefined),
    getPlatformInfo().catch(() => undefined),
  ]);
  const navigation: PageNavigation = {
    pathname: window.location.pathname,
    search: window.location.search,
    go: (to, options) => void handOver(root, to, options?.replace === true, { deployConfig, platformInfo }),
  };
  render(<StandaloneLogin navigation={navigation} deployConfig={deployConfig} platformInfo={platformInfo} />);
}

type Known = { deployConfig: DeployConfig | undefined; platformInfo: PlatformInfo | undefined };

function StandaloneLogin({ navigation, deployConfig, platformInfo }: Known & { navigation: PageNavigation }) {
  return (
    <PageNavigationProvider value={navigation}>
      <LoginPage
        // If deploy-config cannot be read, the plain login still lets people in.
        variant={deployConfig?.loginVariant ?? 'plain'}
        platformName={platformInfo?.platformName ?? ''}
        footer={<PlatformFooter data={platformInfo} />}
        methods={withOtherMethods}
        nav={
          <HeaderNavLinks
            bidHallUrl={deployConfig?.bidHallUrl}
            creditPublicity={deployConfig?.loginVariant === 'public-service'}
          />
        }
      />
    </PageNavigationProvider>
  );
}

const loadApp = withChunkTimeout(() => import('./app-boot.tsx'));

async function handOver(root: Root, to: string, replace: boolean, known: Known) {
  if (replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  try {
    const { bootApp } = await loadApp();
    bootApp(root, known);
  } catch {
    // The app's code could not load: a full page load of the target tries again from the start.
    window.location.assign(to);
  }
}

/** The password form among the other login methods (SMS, WeChat; decision 0079). */
const withOtherMethods = (passwordForm: React.ReactNode) => (
  <LoginMethods password={passwordForm} enterSession={enterSession} />
);
