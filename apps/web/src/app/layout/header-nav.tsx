import { useDeployConfig } from '@/shared/api/get-deploy-config.ts';
import { HeaderNavLinks } from './header-nav-links.tsx';

/**
 * The portal navigation with the deployment's bid-opening hall address.
 */
export function HeaderNav() {
  const { data } = useDeployConfig();
  return (
    <HeaderNavLinks bidHallUrl={data?.bidHallUrl} creditPublicity={data?.loginVariant === 'public-service'} />
  );
}
