import type { FeatureRoute } from '@/lib/feature-route.ts';

const OWN = 'the spec names the clarification calls (/ks/clarify/file) but no page; decision 0078';

/**
 * 澄清与异议 (decision 0078): the parties' clarifications with their receipt table, the centre's
 * audit queue, a bidder's received clarifications, and objections.
 */
export const clarificationsRoutes: FeatureRoute[] = [
  {
    path: '/clarify/file',
    title: '澄清文件',
    placement: 'shell',
    ownPage: OWN,
    load: () => import('./pages/clarify-page.tsx').then((m) => m.ClarifyPage),
  },
  {
    path: '/clarify/audit',
    title: '澄清审核',
    placement: 'shell',
    ownPage: OWN,
    load: () => import('./pages/clarify-page.tsx').then((m) => m.ClarifyAuditPage),
  },
  {
    path: '/clarify/received',
    title: '收到的澄清',
    placement: 'shell',
    ownPage: OWN,
    load: () => import('./pages/received-page.tsx').then((m) => m.ReceivedPage),
  },
  {
    path: '/clarify/objection',
    title: '异议',
    placement: 'shell',
    ownPage: OWN,
    load: () => import('./pages/objection-page.tsx').then((m) => m.ObjectionPage),
  },
];
