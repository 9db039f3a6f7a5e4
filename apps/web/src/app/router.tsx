import { pageRoles } from '@ks/contract/pages';
import { createBrowserRouter, type DataRouter, type RouteObject, redirect } from 'react-router';
import { PageLoading } from '@/components/page-loading.tsx';
import { withChunkTimeout } from '@/lib/chunk-load.ts';
import type { FeatureRoute } from '@/lib/feature-route.ts';
import { setNavigator } from '@/lib/navigation.ts';
import { FEATURE_ROUTES } from './feature-routes.ts';
import { requireSession, skipLoginWhenSignedIn } from './guards.ts';
import { LOGIN_PATH, PLANNED_PAGES, PUBLIC_PAGES, ROUTE_GROUPS } from './route-table.ts';
import { RouteError } from './routes/route-error.tsx';
import { RouterPageNavigation } from './routes/router-page-navigation.tsx';

// Every page is its own chunk; the login chunk carries only the login form and footer.
const loginRoute = () => import('./routes/login-route.tsx').then((m) => ({ Component: m.LoginRoute }));
const notOpenRoute = () => import('./routes/not-open-route.tsx').then((m) => ({ Component: m.NotOpenRoute }));

const plannedRoute = (path: string, title: string): RouteObject => ({
  path,
  handle: { title },
  lazy: notOpenRoute,
});

/**
 * A built page, all the same way: its own chunk and, when the contract's page access names its
 * roles, the gate that shows every other role the denial before the page mounts and calls.
 */
const builtRoute = (page: FeatureRoute, path = page.path): RouteObject => {
  const roles = pageRoles(page.path);
  return {
    path,
    handle: { title: page.title },
    lazy: async () => {
      if (!roles) return { Component: await page.load() };
      const [Component, { gate }] = await Promise.all([page.load(), import('./routes/role-gate.tsx')]);
      return { Component: gate(roles, Component) };
    },
  };
};

const BUILT = new Map(FEATURE_ROUTES.map((page) => [page.path, page]));

/** The built page of a table entry, or the planned one until a feature provides it. */
const tableRoute = (fullPath: string, entry: { path: string; title: string }): RouteObject => {
  const built = BUILT.get(fullPath);
  return built ? builtRoute(built, entry.path) : plannedRoute(entry.path, entry.title);
};

/** The features' own pages, which no entry of the route table stands for. */
const ownRoutes = (placement: FeatureRoute['placement']) => {
  const tabled = new Set([
    ...ROUTE_GROUPS.flatMap((group) => group.children.map((page) => `${group.path}/${page.path}`)),
    ...PLANNED_PAGES.map((page) => page.path),
    ...PUBLIC_PAGES.map((page) => page.path),
  ]);
  return FEATURE_ROUTES.filter((page) => page.placement === placement && !tabled.has(page.path)).map((page) =>
    builtRoute(page),
  );
};

/**
 * A group's own path (e.g. /expertExtraction) goes on to its first page: without it the group
 * matched alone and the shell showed an empty content area.
 */
const toFirstPage = (path: string): RouteObject => ({ index: true, loader: () => redirect(path) });

export function createRoutes(): RouteObject[] {
  return [
    {
      // The page navigation of shared/navigation, from the router (the stand-alone login has its own).
      Component: RouterPageNavigation,
      HydrateFallback: PageLoading,
      ErrorBoundary: RouteError,
      children: [
        { path: '/', loader: skipLoginWhenSignedIn, lazy: loginRoute },
        { path: LOGIN_PATH, loader: skipLoginWhenSignedIn, lazy: loginRoute },
        {
          lazy: () => import('./layout/public-layout.tsx').then((m) => ({ Component: m.PublicLayout })),
          children: [
            {
              ErrorBoundary: RouteError,
              children: [...ownRoutes('public'), ...PUBLIC_PAGES.map((page) => tableRoute(page.path, page))],
            },
          ],
        },
        {
          loader: requireSession,
          lazy: () => import('./layout/shell-layout.tsx').then((m) => ({ Component: m.ShellLayout })),
          children: [
            {
              // Inside the shell, so a failing page leaves header and footer usable.
              ErrorBoundary: RouteError,
              children: [
                ...ownRoutes('shell'),
                ...ROUTE_GROUPS.map(
                  (group): RouteObject => ({
                    path: group.path,
                    children: [
                      toFirstPage(`${group.path}/${group.children[0]?.path ?? ''}`),
                      ...group.children.map((page) => tableRoute(`${group.path}/${page.path}`, page)),
                    ],
                  }),
                ),
                ...PLANNED_PAGES.map((page) => tableRoute(page.path, page)),
              ],
            },
          ],
        },
        {
          path: '*',
          lazy: () => import('./routes/not-found-route.tsx').then((m) => ({ Component: m.NotFoundRoute })),
        },
      ],
    },
  ];
}

/** Every lazy page load fails as a ChunkLoadError instead of hanging (see lib/chunk-load.ts). */
function guardChunkLoads(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const lazy = typeof route.lazy === 'function' ? withChunkTimeout(route.lazy) : route.lazy;
    const children = route.children ? guardChunkLoads(route.children) : undefined;
    return { ...route, lazy, children } as RouteObject;
  });
}

/** Lets the HTTP client read and change the router's location (session expiry, login prompt). */
export function connectRouter(router: DataRouter) {
  setNavigator({ navigate: (to) => void router.navigate(to), getPath: () => router.state.location.pathname });
  return router;
}

export function createAppRouter() {
  return connectRouter(createBrowserRouter(guardChunkLoads(createRoutes())));
}
