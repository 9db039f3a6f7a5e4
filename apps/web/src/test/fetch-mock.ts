import { API_ANSWERS } from '@ks/contract/api-answers';
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
/** Mocked answers the real server could not send, since they were last taken. */
const impossible: string[] = [];

/**
 * Each call's success schema, by "METHOD /path" with its `:name` parameters as patterns; a path
 * with fewer parameters first, so a static route wins over a parametric one that also matches it
 * (`/ks/monitor/table-list` before `/ks/monitor/:code`), as in the server's router.
 */
const answerSchemas = Object.entries(API_ANSWERS)
  .map(([key, schema]) => {
    const pattern = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+');
    return { pattern: new RegExp(`^${pattern}$`), parameters: key.split(':').length - 1, schema };
  })
  .sort((a, b) => a.parameters - b.parameters);

/**
 * Checks a mocked success answer against the schema the server declares for the call: a double that
 * answers what the server never would (a missing field, a number for a string) makes the test fail,
 * instead of passing against a server that does not exist.
 */
function checkAgainstContract(key: string, status: number, body: unknown) {
  if (status !== 200 || body === undefined) return;
  // An error envelope is not the call's answer; the few calls answered without the envelope (a
  // system document, the contact list's {status, result}) are checked as they are.
  const code = (body as { code?: unknown } | null)?.code;
  if (typeof code === 'number' && code !== 200) return;
  const schema = answerSchemas.find((entry) => entry.pattern.test(key))?.schema;
  if (!schema) return;
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    impossible.push(`${key} answers what the server cannot: ${problems.slice(0, 5).join('; ')}`);
  }
}

/** Mocked answers that did not match their call's contract schema since the last call (setup.ts fails on any). */
export function takeImpossibleAnswers(): string[] {
  return impossible.splice(0);
}

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
    checkAgainstContract(key, answer.status ?? 200, answer.body);
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
