import { Navigate } from 'react-router';
import { PageLoading } from '@/components/page-loading.tsx';
import { CREDIT_PUBLIC_LIST_PATH } from '@/lib/constants.ts';
import { useSessionStore } from '@/lib/session-store.ts';
import { useDeployConfig } from '@/shared/api/get-deploy-config.ts';
import { AnonymousCreditPublicList } from './credit-public-list-page.tsx';

/**
 * 信用公示 for visitors without a session (decision 0054): only the public-service variant
 * publishes it; elsewhere, and for a signed-in person, the list inside the shell (which asks for a
 * login when there is no session).
 */
export function CreditPublicityPage() {
  const deployConfig = useDeployConfig();
  const signedIn = useSessionStore((state) => state.token !== null);
  if (signedIn) return <Navigate to={CREDIT_PUBLIC_LIST_PATH} replace />;
  if (deployConfig.isPending) return <PageLoading />;
  if (deployConfig.data?.loginVariant !== 'public-service')
    return <Navigate to={`/?redirect=${encodeURIComponent(CREDIT_PUBLIC_LIST_PATH)}`} replace />;
  return <AnonymousCreditPublicList />;
}
