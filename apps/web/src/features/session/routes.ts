import { ACTIVATE_PATH, FORGET_PASSWORD_PATH, REGISTER_PATH } from '@/lib/constants.ts';
import type { FeatureRoute } from '@/lib/feature-route.ts';

/** The account pages without a session, in the portal frame (the login page is the app's own). */
export const sessionRoutes: FeatureRoute[] = [
  {
    path: REGISTER_PATH,
    title: '注册账号',
    placement: 'public',
    load: () => import('./pages/register-page.tsx').then((m) => m.RegisterPage),
  },
  {
    path: ACTIVATE_PATH,
    title: '激活账号',
    placement: 'public',
    load: () => import('./pages/activate-page.tsx').then((m) => m.ActivatePage),
  },
  {
    path: FORGET_PASSWORD_PATH,
    title: '忘记密码',
    placement: 'public',
    load: () => import('./pages/forget-password-page.tsx').then((m) => m.ForgetPasswordPage),
  },
];
