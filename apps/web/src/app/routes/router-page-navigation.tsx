import { useMemo } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { PageNavigationProvider } from '@/shared/navigation/page-navigation.tsx';

/** The root route's element: gives the page navigation of shared/navigation from the router. */
export function RouterPageNavigation() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const navigation = useMemo(
    () => ({
      pathname,
      search,
      go: (to: string, options?: { replace?: boolean }) => void navigate(to, options),
    }),
    [navigate, pathname, search],
  );
  return (
    <PageNavigationProvider value={navigation}>
      <Outlet />
    </PageNavigationProvider>
  );
}
