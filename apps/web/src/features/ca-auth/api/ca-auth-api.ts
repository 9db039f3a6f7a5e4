import {
  CA_AUTH_PATHS,
  type CaCertificate,
  type CaChallenge,
  type CaLoginResult,
  type CaPurpose,
  type CaSignedBody,
  type CaUnbindBody,
} from '@ks/contract/ca-auth';
import type { UserInfo } from '@ks/contract/session';
import { rolesOf } from '@ks/contract/session';
import { useQuery } from '@tanstack/react-query';
import { ERROR_CODES, USER_CENTER_PATH } from '@/lib/constants.ts';
import { http } from '@/lib/http.ts';
import { endSession } from '@/lib/session.ts';
import { useSessionStore } from '@/lib/session-store.ts';
import type { CertificateSigner } from '../signer.ts';

/** A refused certificate or signature is shown on the form, not in the warning dialog. */
const QUIET = { quietCodes: [ERROR_CODES.BAD_REQUEST] };

export const caKeys = { certificates: ['ca-auth', 'certificates'] as const };

export const getChallenge = (purpose: CaPurpose) =>
  http.post<CaChallenge>(CA_AUTH_PATHS.challenge, { purpose }, { isToken: false });

/** Fetches a challenge of `purpose` and has the signer sign it: the body a CA call sends. */
export async function signChallenge(purpose: CaPurpose, signer: CertificateSigner): Promise<CaSignedBody> {
  const { challengeId, challenge } = await getChallenge(purpose);
  const signed = await signer.sign(challenge);
  return { challengeId, ...signed };
}

/**
 * Signs in by certificate, then loads user-info with the new token, as the password login does:
 * answers where to go next and the certificate's expiry warning, if any.
 */
export async function caLogin(
  signer: CertificateSigner,
): Promise<{ target: string; warning: string | null }> {
  const body = await signChallenge('login', signer);
  const result = await http.post<CaLoginResult>(CA_AUTH_PATHS.login, body, { isToken: false, ...QUIET });
  const store = useSessionStore.getState();
  store.setToken(result.token, result.expiresAt);
  try {
    const userInfo = await http.get<UserInfo>('/ks/individual/user-info');
    store.setUser(userInfo, rolesOf(userInfo.loginRoleType));
    const mustChangePassword = result.codeStatus === '2';
    store.setMustChangePassword(mustChangePassword);
    return {
      target: mustChangePassword ? USER_CENTER_PATH : userInfo.homeUrl,
      warning: result.certificateWarning,
    };
  } catch (error) {
    endSession();
    throw error;
  }
}

export async function caRegister(signer: CertificateSigner): Promise<CaCertificate> {
  const body = await signChallenge('register', signer);
  return http.post<CaCertificate>(CA_AUTH_PATHS.register, body, QUIET);
}

export const useCaCertificates = (enabled: boolean) =>
  useQuery({
    queryKey: caKeys.certificates,
    queryFn: () => http.get<CaCertificate[]>(CA_AUTH_PATHS.certificates),
    enabled,
  });

export const caUnbind = (body: CaUnbindBody) => http.post<null>(CA_AUTH_PATHS.unbind, body);
