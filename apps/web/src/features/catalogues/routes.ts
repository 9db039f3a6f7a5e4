import type { FeatureRoute } from '@/lib/feature-route.ts';

/** Style templates, dictionaries and value ranges. */
export const cataloguesRoutes: FeatureRoute[] = [
  {
    path: '/system/styleTemplate',
    title: '样式模板',
    placement: 'shell',
    load: () => import('./pages/style-templates-page.tsx').then((m) => m.StyleTemplatesPage),
  },
  {
    path: '/system/dictionaries',
    title: '字典管理',
    placement: 'shell',
    load: () => import('./pages/dictionaries-page.tsx').then((m) => m.DictionariesPage),
    ownPage: 'the dictionaries that forms and filters choose from need a page to be kept',
  },
  {
    path: '/system/valueRanges',
    title: '值域管理',
    placement: 'shell',
    load: () => import('./pages/value-ranges-page.tsx').then((m) => m.ValueRangesPage),
    ownPage: 'the value ranges that fields choose from need a page to be kept',
  },
];
