import { LOGIN_ROLE_TYPES } from '@ks/contract';
import { describe, expect, it } from 'vitest';
import { createUser, loginAs, useTestApp } from '../../test/helper.ts';

const getApp = useTestApp();

/** A concrete URL for a route pattern: parameters get a placeholder value. */
const concrete = (url: string) => url.replace(/:(\w+)/g, 'x');

describe('the route table', () => {
  it('has routes, and every one declares an access rule', () => {
    const routes = getApp().guardedRoutes;
    expect(routes.length).toBeGreaterThan(15);
    for (const route of routes) expect(route.access).toBeDefined();
  });

  it('answers 10000 on every non-public route called without a session', async () => {
    const app = getApp();
    const guarded = app.guardedRoutes.filter((r) => r.access !== 'public');
    expect(guarded.length).toBeGreaterThan(5);
    for (const route of guarded) {
      const response = await app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        payload: {},
      });
      expect({
        route: `${route.method} ${route.url}`,
        status: response.statusCode,
        code: response.json().code,
      }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 401,
        code: 10000,
      });
    }
  });

  it('answers 403 on every role-restricted route to every role it does not list', async () => {
    const app = getApp();
    const restricted = app.guardedRoutes.filter((r) => typeof r.access === 'object');
    expect(restricted.length).toBeGreaterThan(0);
    for (const role of LOGIN_ROLE_TYPES) {
      const { headers } = await loginAs(app, await createUser(app, role));
      for (const route of restricted) {
        if (typeof route.access !== 'object' || route.access.roles.includes(role)) continue;
        const response = await app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          headers,
          payload: {},
        });
        expect({ route: `${role} ${route.method} ${route.url}`, code: response.json().code }).toEqual({
          route: `${role} ${route.method} ${route.url}`,
          code: 403,
        });
      }
    }
  });
});

describe('the error envelope', () => {
  it('answers unknown API paths with the JSON 404', async () => {
    const response = await getApp().inject({ method: 'GET', url: '/ks/no/such/route' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 404, data: null, message: '数据不存在' });
  });

  it('answers malformed JSON with 400 and no internals', async () => {
    const response = await getApp().inject({
      method: 'POST',
      url: '/ks/common/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"logValue":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(400);
    expect(response.json().message).toMatch(/^请求参数错误/);
  });

  it('echoes a request id for log correlation', async () => {
    const response = await getApp().inject({
      method: 'GET',
      url: '/ks/common/platform-info',
      headers: { 'x-request-id': 'trace-123' },
    });
    expect(response.headers['x-request-id']).toBe('trace-123');
    const generated = await getApp().inject({ method: 'GET', url: '/ks/common/platform-info' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
