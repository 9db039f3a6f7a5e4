import type { UserInfo } from '@ks/contract/session';
import { type LoginRoleType, rolesOf } from '@ks/contract/session';
import { useSessionStore } from '@/lib/session-store.ts';
import { makeUserInfo } from './factories.ts';

/**
 * Signs the test in as a fresh account of `role`, as a login would leave the session store: a live
 * token, the account's userInfo (a real-shaped account code, never equal to any user UUID) and the
 * roles the contract maps the role to. What the page may show comes from the server's answers.
 */
export function signInAs(role: LoginRoleType, overrides: Partial<UserInfo> = {}): UserInfo {
  const userInfo = makeUserInfo({ ...overrides, loginRoleType: role });
  const store = useSessionStore.getState();
  store.setToken('token-1', '2099-01-01T00:00:00Z');
  store.setUser(userInfo, rolesOf(role));
  return userInfo;
}
