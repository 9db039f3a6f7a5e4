import { LOGIN_ROLE_TYPES } from '@ks/contract';
import { PAGE_ACCESS, type PageAccess } from '@ks/contract/pages';
import { render } from '@testing-library/react';
import { createMemoryRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { describe, expect, it, vi } from 'vitest';
import { signInAs } from '@/test/sign-in.ts';
import { createRoutes } from './router.tsx';

/**
 * The whole matrix of gated pages and roles, on the router's own routes: each page of the
 * contract's page access shows its page to exactly the roles it names and the denial to every
 * other, before the page mounts (so before it calls anything). The server's page-access test holds
 * the server's access rules to the same list; the end-to-end role walk keeps one denied page per
 * role in a real browser, and opens every page as each role it is offered to.
 */
vi.mock('./feature-routes.ts', async (importOriginal) => {
  const { FEATURE_ROUTES } = await importOriginal<typeof import('./feature-routes.ts')>();
  // The page itself is a stand-in: what is proven here is the gate in front of it, not the page.
  return {
    FEATURE_ROUTES: FEATURE_ROUTES.map((page) => ({
      ...page,
      load: async () => () => <p>page {page.path}</p>,
    })),
  };
});

const routes = createRoutes();

/** The route the router matches for `path`, with what its lazy part resolves to. */
async function resolvedRoute(path: string): Promise<RouteObject> {
  const matches = matchRoutes(routes, path) ?? [];
  const route = matches[matches.length - 1]?.route;
  if (!route || typeof route.lazy !== 'function') throw new Error(`${path}: no lazy page route`);
  return { path, handle: route.handle, ...(await route.lazy()) } as RouteObject;
}

const CASES = Object.entries(PAGE_ACCESS as Record<string, PageAccess>).flatMap(([path, page]) =>
  LOGIN_ROLE_TYPES.map((role) => [path, role, page.roles.includes(role)] as const),
);

describe("the router's gate of every page in the contract's page access", () => {
  it.each(CASES)('%s as %s: offered %s', async (path, role, offered) => {
    signInAs(role);
    const router = createMemoryRouter([await resolvedRoute(path)], { initialEntries: [path] });
    const { container } = render(<RouterProvider router={router} />);
    const text = container.textContent ?? '';
    expect({ page: text.includes(`page ${path}`), denial: text.includes('无权限访问') }).toEqual({
      page: offered,
      denial: !offered,
    });
  });
});
