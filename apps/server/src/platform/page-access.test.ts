import { LOGIN_ROLE_TYPES, type LoginRoleType } from '@ks/contract';
import { PAGE_ACCESS, type PageAccess } from '@ks/contract/pages';
import { describe, expect, it } from 'vitest';
import { createUser, loginAs, useTestApp } from '../../test/helper.ts';

/**
 * The web gates each page of the contract's page access by its roles before the page calls
 * anything. These tests hold the server to the same list: a role the page is for must get past
 * the access rule of the page's main call, every other role must be refused it, so a page is
 * never offered to a role the server refuses, nor hidden from one it answers.
 */
const getApp = useTestApp();

const PAGES = Object.entries(PAGE_ACCESS as Record<string, PageAccess>);
const splitCall = (call: string) => {
  const [method = '', url = ''] = call.split(' ');
  return { method, url };
};

describe("the contract's page access", () => {
  it("names as each page's main call a route that states exactly the page's roles", () => {
    const routes = getApp().guardedRoutes;
    expect(PAGES.length).toBeGreaterThan(20);
    for (const [path, page] of PAGES) {
      const { method, url } = splitCall(page.call);
      const route = routes.find((one) => one.method === method && one.url === url);
      expect(route, `${path}: ${page.call} is no route of the server`).toBeDefined();
      const roles = typeof route?.access === 'object' ? [...route.access.roles].sort() : route?.access;
      expect({ path, roles }).toEqual({ path, roles: [...page.roles].sort() });
    }
  });

  it("answers each page's main call to the roles the page is for, and refuses it to every other role", async () => {
    const app = getApp();
    const headersOf = new Map<LoginRoleType, Record<string, string>>();
    for (const role of LOGIN_ROLE_TYPES) {
      headersOf.set(role, (await loginAs(app, await createUser(app, role))).headers);
    }
    const outcomes: string[] = [];
    const expected: string[] = [];
    for (const [path, page] of PAGES) {
      const { method, url } = splitCall(page.call);
      for (const role of LOGIN_ROLE_TYPES) {
        const response = await app.inject({
          method: method as 'GET' | 'POST',
          url,
          headers: headersOf.get(role),
          ...(method === 'GET' ? {} : { payload: {} }),
        });
        const { code } = response.json() as { code: number };
        // Past the access rule: answered, or refused for its input; never the role refusal.
        const passed = code !== 403 && response.statusCode !== 403 && response.statusCode < 500;
        outcomes.push(`${path} ${role} ${passed ? 'answered' : `refused ${response.statusCode}/${code}`}`);
        expected.push(`${path} ${role} ${page.roles.includes(role) ? 'answered' : 'refused 403/403'}`);
      }
    }
    expect(outcomes).toEqual(expected);
  });
});
