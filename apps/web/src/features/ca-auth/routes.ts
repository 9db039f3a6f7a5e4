import type { FeatureRoute } from '@/lib/feature-route.ts';

/** CA证书登录与绑定 (decision 0080): public pages, no token needed (spec §2). */
export const caAuthRoutes: FeatureRoute[] = [
  {
    path: '/caLogin',
    title: 'CA登录',
    placement: 'public',
    load: () => import('./pages/ca-entry-page.tsx').then((m) => m.CaEntryPage),
  },
  {
    path: '/caLoginPage',
    title: 'CA登录',
    placement: 'public',
    load: () => import('./pages/ca-login-page.tsx').then((m) => m.CaLoginPage),
  },
  {
    path: '/caRegister',
    title: 'CA注册',
    placement: 'public',
    load: () => import('./pages/ca-register-page.tsx').then((m) => m.CaRegisterPage),
  },
];
