import type { LoginResult, LoginRoleType } from '@ks/contract/session';
import { USER_CENTER_PATH } from '@/lib/constants.ts';
import { http } from '@/lib/http.ts';
import { getSafeRedirect } from '@/lib/navigation.ts';
import { endSession } from '@/lib/session.ts';
import { useSessionStore } from '@/lib/session-store.ts';
import { getUserInfo } from './get-user-info.ts';
import { quietStaleOnFirstTry, sealAndSend } from './seal-and-send.ts';

export type LoginInput = {
  account: string;
  password: string;
  loginRoleType?: LoginRoleType;
  captchaId?: string;
  captchaCode?: string;
};

/** POST /ks/common/login with account and password sealed and encrypted. */
export function createSession(input: LoginInput) {
  return sealAndSend({ logValue: input.account, passWord: input.password }, (sealed, key, isRetry) =>
    http.post<LoginResult>(
      '/ks/common/login',
      {
        ...sealed,
        keyId: key.keyId,
        loginRoleType: input.loginRoleType,
        captchaId: input.captchaId,
        captchaCode: input.captchaCode,
      },
      { isToken: false, quietCodes: quietStaleOnFirstTry(isRetry) },
    ),
  );
}

/** Logs in with account and password, then enters the session (`enterSession`). */
export async function startSession(input: LoginInput, redirect: string | null): Promise<string> {
  // Starts loading the contract's session module while the login call runs (enterSession needs it).
  void import('@ks/contract/session');
  return enterSession(await createSession(input), redirect);
}

/**
 * Enters the session a login answered (password, SMS or WeChat; decision 0079): loads user-info
 * with the new token, and the session counts as started only once both answered, so a
 * half-started session never lingers in sessionStorage. Answers where to go next: the user centre
 * when the initial password must be changed (codeStatus '2'), else the remembered deep link, else
 * the user's home page.
 */
export async function enterSession(result: LoginResult, redirect: string | null): Promise<string> {
  // The contract's session module carries zod (~60 KB gzip); loading it while user-info runs
  // keeps it out of the login page's first load.
  const contract = import('@ks/contract/session');
  const store = useSessionStore.getState();
  store.setToken(result.token, result.expiresAt);
  try {
    const userInfo = await getUserInfo();
    const { rolesOf } = await contract;
    store.setUser(userInfo, rolesOf(userInfo.loginRoleType));
    const mustChangePassword = result.codeStatus === '2';
    store.setMustChangePassword(mustChangePassword);
    if (mustChangePassword) return USER_CENTER_PATH;
    return getSafeRedirect(redirect) ?? userInfo.homeUrl;
  } catch (error) {
    endSession();
    throw error;
  }
}
