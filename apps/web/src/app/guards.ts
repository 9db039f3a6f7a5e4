import { type LoaderFunctionArgs, redirect } from 'react-router';
import { CREDIT_PUBLIC_LIST_PATH, CREDIT_PUBLICITY_PATH, HOME_URL } from '@/lib/constants.ts';
import { getSafeRedirect } from '@/lib/navigation.ts';
import { getHomeUrl, getToken } from '@/lib/session-store.ts';
import { getDeployConfig } from '@/shared/api/deploy-config-request.ts';

/** Shell pages a visitor without a session reads in the public-service variant, at their public twin. */
const PUBLIC_TWINS: Record<string, string> = { [CREDIT_PUBLIC_LIST_PATH]: CREDIT_PUBLICITY_PATH };

const isPublicService = () =>
  getDeployConfig().then(
    (config) => config.loginVariant === 'public-service',
    () => false,
  );

/**
 * A page behind the session, opened without a token, goes to / and remembers the link;
 * in the public-service variant the public credit list opens in the portal frame instead.
 */
export async function requireSession({ request }: LoaderFunctionArgs) {
  if (getToken()) return null;
  const url = new URL(request.url);
  const twin = PUBLIC_TWINS[url.pathname];
  if (twin && (await isPublicService())) throw redirect(twin + url.search);
  throw redirect(`/?redirect=${encodeURIComponent(url.pathname + url.search)}`);
}

/**
 * / and /login with a token go on to the remembered deep link or the stored home URL; the
 * server's homeUrl is stored with user-info at login, HOME_URL covers a session started without it.
 */
export function skipLoginWhenSignedIn({ request }: LoaderFunctionArgs) {
  if (!getToken()) return null;
  const target = getSafeRedirect(new URL(request.url).searchParams.get('redirect'));
  throw redirect(target ?? getHomeUrl() ?? HOME_URL);
}
