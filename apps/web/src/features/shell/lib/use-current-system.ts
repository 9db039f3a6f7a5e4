import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useMainMenus } from '../api/find-main-menus.ts';
import { useShellStore } from './shell-store.ts';

/**
 * The system the aside shows: the one chosen last in this tab (a link naming ?systemCoding=
 * chooses it), else the first the user may open.
 */
export function useCurrentSystem() {
  const { data: systems = [] } = useMainMenus();
  const [searchParams] = useSearchParams();
  const linked = searchParams.get('systemCoding');
  const stored = useShellStore((state) => state.systemCoding);
  const setSystemCoding = useShellStore((state) => state.setSystemCoding);
  useEffect(() => {
    if (linked) setSystemCoding(linked);
  }, [linked, setSystemCoding]);
  const system = systems.find((s) => s.gnCoding === stored) ?? systems[0] ?? null;
  return { system, selectSystem: setSystemCoding };
}
