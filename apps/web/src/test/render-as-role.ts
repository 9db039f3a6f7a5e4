import type { LoginRoleType } from '@ks/contract/session';
import type { System } from '@ks/contract/shell';
import { makeDeployConfig, makePlatformInfo, makeUserInfo } from './factories.ts';
import { type MockAnswer, type MockHandler, mockFetch } from './fetch-mock.ts';
import { renderRoute } from './render-route.tsx';
import { shellCalls } from './shell-calls.ts';
import { signInAs } from './sign-in.ts';

export type RecordedCall = { key: string; body: unknown; query: URLSearchParams };

/**
 * Renders `path` in the shell, signed in with `role`, answering the shell's own calls and `routes`;
 * every call to `routes` is recorded (key "METHOD /path", body, query) for assertions.
 */
export function renderAsRole(
  role: LoginRoleType,
  path: string,
  routes: Record<string, MockHandler | MockAnswer>,
  options: { systems?: System[] } = {},
) {
  const userInfo = makeUserInfo({ loginRoleType: role, userName: '测试人员' });
  const calls: RecordedCall[] = [];
  const recorded = Object.fromEntries(
    Object.entries(routes).map(([key, answer]): [string, MockHandler] => [
      key,
      async (request) => {
        calls.push({ key, body: request.body, query: request.url.searchParams });
        return typeof answer === 'function' ? answer(request) : answer;
      },
    ]),
  );
  mockFetch({
    'GET /ks/common/deploy-config': { body: { code: 200, data: makeDeployConfig(), message: '成功' } },
    'GET /ks/common/platform-info': { body: { code: 200, data: makePlatformInfo(), message: '成功' } },
    'GET /ks/individual/user-info': { body: { code: 200, data: userInfo, message: '成功' } },
    ...shellCalls({ systems: options.systems }),
    ...recorded,
  });
  signInAs(role, userInfo);
  const callsTo = (key: string) => calls.filter((call) => call.key === key);
  return { ...renderRoute(path), calls, callsTo };
}
