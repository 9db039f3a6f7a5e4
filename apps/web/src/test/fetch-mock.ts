import { vi } from 'vitest';

export type MockAnswer = { status?: number; body?: unknown; headers?: Record<string, string> } | Response;
export type MockHandler = (request: {
  url: URL;
  init: RequestInit;
  body: unknown;
}) => MockAnswer | Promise<MockAnswer>;

/** `{code, data, message}` as the server answers it. */
export const ok = (data: unknown) => ({ status: 200, body: { code: 200, data, message: '成功' } });
export const failure = (status: number, code: number, message: string, data: unknown = null) => ({
  status,
  body: { code, data, message },
});

/** Requests no route answered, since they were last taken. */
const unexpected: string[] = [];

/**
 * The requests no route answered since the last call, forgotten once read. The app's HTTP client
 * catches what fetch throws for them and shows its error dialog, which does not fail a test by
 * itself: a test file that mocks every call its page makes checks this after each test.
 */
export function takeUnexpectedRequests(): string[] {
  return unexpected.splice(0);
}

/**
 * Stubs `fetch`, the boundary the web app does not own, routing by "METHOD /path". An unknown
 * route throws instead of hanging, and is kept for takeUnexpectedRequests.
 */
export function mockFetch(routes: Record<string, MockHandler | MockAnswer>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    const route = routes[key];
    if (!route) {
      unexpected.push(key);
      throw new Error(`Unexpected request ${key}`);
    }
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const answer = typeof route === 'function' ? await route({ url, init, body }) : route;
    if (answer instanceof Response) return answer;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
