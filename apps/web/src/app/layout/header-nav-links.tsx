import { CREDIT_PUBLICITY_PATH } from '@/lib/constants.ts';
import { PageLink, usePageNavigation } from '@/shared/navigation/page-navigation.tsx';

/** Header navigation of the specification: home, transaction information, market entities. */
export const HEADER_NAV_ENTRIES = [
  { path: '/', title: '首页' },
  { path: '/transac', title: '交易信息' },
  { path: '/market', title: '市场主体' },
] as const;

/** The header is transparent on the home page and solid dark blue on /transac and /market. */
export function headerStyleOf(pathname: string): 'home' | 'solid' | 'plain' {
  if (pathname === '/') return 'home';
  if (/^\/(transac|market)(-|\/|$)/.test(pathname)) return 'solid';
  return 'plain';
}

/**
 * The active entry follows the route (/transac-news belongs to 交易信息, /market-list to 市场主体);
 * the bid-opening hall is another site, opened in a new window when the deployment names it. Apart
 * from HeaderNav, which reads the address, so the stand-alone login renders it without a query client.
 */
export function HeaderNavLinks({
  bidHallUrl,
  creditPublicity = false,
}: {
  bidHallUrl: string | null | undefined;
  /** The public-service variant publishes the credit list to visitors without a session. */
  creditPublicity?: boolean;
}) {
  const { pathname } = usePageNavigation();
  const activeOf = (path: string) =>
    path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}-`);
  return (
    <nav className="ks-header-nav" aria-label="门户导航">
      {HEADER_NAV_ENTRIES.map((entry) => (
        <PageLink key={entry.path} to={entry.path} aria-current={activeOf(entry.path) ? 'page' : undefined}>
          {entry.title}
        </PageLink>
      ))}
      {creditPublicity ? (
        <PageLink
          to={CREDIT_PUBLICITY_PATH}
          aria-current={pathname === CREDIT_PUBLICITY_PATH ? 'page' : undefined}
        >
          信用公示
        </PageLink>
      ) : null}
      {bidHallUrl ? (
        <a href={bidHallUrl} target="_blank" rel="noopener noreferrer">
          开标大厅
        </a>
      ) : null}
    </nav>
  );
}
