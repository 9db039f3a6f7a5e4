import type { ReactNode } from 'react';
import { PageLoading } from '@/components/page-loading.tsx';
import { LoginMethods } from '@/features/logins/components/login-methods.tsx';
import { PlatformFooter } from '@/features/platform/components/platform-footer.tsx';
import { enterSession } from '@/features/session/api/create-session.ts';
import { LoginPage } from '@/features/session/components/login-page.tsx';
import { useDeployConfig } from '@/shared/api/get-deploy-config.ts';
import { usePlatformInfo } from '@/shared/api/get-platform-info.ts';
import { HeaderNav } from '../layout/header-nav.tsx';

/**
 * / and /login: the deployment's login variant. If deploy-config cannot be read, the plain login
 * still lets people in (the failure is told in the login prompt).
 */
export function LoginRoute() {
  const deployConfig = useDeployConfig();
  const platformInfo = usePlatformInfo();
  if (deployConfig.isPending) return <PageLoading />;
  return (
    <LoginPage
      variant={deployConfig.data?.loginVariant ?? 'plain'}
      platformName={platformInfo.data?.platformName ?? ''}
      footer={<PlatformFooter data={platformInfo.data} />}
      methods={withOtherMethods}
      nav={<HeaderNav />}
    />
  );
}

/** The password form among the other login methods (SMS, WeChat; decision 0079). */
const withOtherMethods = (passwordForm: ReactNode) => (
  <LoginMethods password={passwordForm} enterSession={enterSession} />
);
