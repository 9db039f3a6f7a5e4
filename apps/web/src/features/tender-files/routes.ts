import type { FeatureRoute } from '@/lib/feature-route.ts';

export const ON_SALE_PATH = '/trade/onSale';

/** 招标文件发售 (decision 0077): the sections on sale now, where bidders sign up and download. */
export const tenderFilesRoutes: FeatureRoute[] = [
  {
    path: ON_SALE_PATH,
    title: '招标文件发售',
    placement: 'shell',
    load: () => import('./pages/on-sale-page.tsx').then((m) => m.OnSalePage),
    ownPage:
      'bidders must find the sections whose documents are on sale to sign up and download; the five-in-one pages show a project only to its parties and the centre (decision 0077)',
  },
];
