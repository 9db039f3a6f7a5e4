import { type LoaderFunctionArgs, redirect } from 'react-router';
import { HOME_URL } from '@/lib/constants.ts';
import { getSafeRedirect } from '@/lib/navigation.ts';
import { getHomeUrl, getToken } from '@/lib/session-store.ts';

/** Spec 001 §2: a page behind the session, opened without a token, goes to / and remembers the link. */
export function requireSession({ request }: LoaderFunctionArgs) {
  if (getToken()) return null;
  const url = new URL(request.url);
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
