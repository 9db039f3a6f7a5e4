import type { ComponentType } from 'react';

/**
 * A page a feature provides, as the feature states it in its `routes.ts`; the router builds every
 * one the same way (a lazy chunk of its own, the role gate of the page's roles in the contract's
 * `PAGE_ACCESS`, the title in the route's handle). A built page replaces the planned 此页面尚未开放
 * page of the same path.
 */
export interface FeatureRoute {
  /** The absolute path, as the spec's route table spells it. */
  path: string;
  /** The page's title: the route table's, shown by the gate's denial and the planned page. */
  title: string;
  /** `public`: in the portal frame, without a session; `shell`: behind the session, in the shell. */
  placement: 'public' | 'shell';
  /** Loads the page's chunk; keep it a dynamic import, so no page weighs on the first page. */
  load: () => Promise<ComponentType>;
  /** Why the page exists although the spec's route table does not list its path. */
  ownPage?: string;
}
