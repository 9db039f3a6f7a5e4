import { useMatches } from 'react-router';
import { NotOpenPage } from '@/components/not-open-page.tsx';

export type PageHandle = { title?: string };

/** Placeholder page; its title comes from the route table through the route's handle. */
export function NotOpenRoute() {
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as PageHandle | undefined;
  return <NotOpenPage title={handle?.title} />;
}
