import { PageLoading } from '@/components/page-loading.tsx';
import { PlatformFooter } from '@/features/platform/components/platform-footer.tsx';
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
      nav={<HeaderNav />}
    />
  );
}
