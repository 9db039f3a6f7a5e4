import { type AnchorHTMLAttributes, createContext, type MouseEvent, useContext } from 'react';

/**
 * Where a page is and how it moves on, for the few components that render both under the app's
 * router and in the stand-alone login page, which boots without it (decision 0035): the login form,
 * its links and the portal navigation. The router's root route provides it from react-router; the
 * stand-alone login provides the browser's location and a hand-over to the app.
 */
export type PageNavigation = {
  pathname: string;
  search: string;
  go: (to: string, options?: { replace?: boolean }) => void;
};

const PageNavigationContext = createContext<PageNavigation | null>(null);

export const PageNavigationProvider = PageNavigationContext.Provider;

export function usePageNavigation(): PageNavigation {
  const navigation = useContext(PageNavigationContext);
  if (!navigation) throw new Error('usePageNavigation needs a PageNavigationProvider above it');
  return navigation;
}

const isPlainClick = (event: MouseEvent<HTMLAnchorElement>) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/** An in-app link: a real anchor (open in a new tab works), moved by the page's navigation on a plain click. */
export function PageLink({ to, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  const { go } = usePageNavigation();
  return (
    <a
      {...rest}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !isPlainClick(event) || rest.target) return;
        event.preventDefault();
        go(to);
      }}
    />
  );
}
