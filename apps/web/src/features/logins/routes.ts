import type { FeatureRoute } from '@/lib/feature-route.ts';

/**
 * The identity pages (decision 0079): real-name and credit-code checks, the 身份认证 and 业务办理
 * entries without a session, and 选择系统 behind it. The SMS and WeChat logins are tabs of the
 * login page (components/login-methods.tsx), composed by the app.
 */
export const loginsRoutes: FeatureRoute[] = [
  {
    path: '/realName',
    title: '实名认证',
    placement: 'public',
    load: () => import('./pages/real-name-page.tsx').then((m) => m.RealNamePage),
  },
  {
    path: '/creditCode',
    title: '统一社会信用代码认证',
    placement: 'public',
    load: () => import('./pages/credit-code-page.tsx').then((m) => m.CreditCodePage),
  },
  {
    path: '/auth',
    title: '身份认证',
    placement: 'public',
    load: () => import('./pages/auth-page.tsx').then((m) => m.AuthPage),
  },
  {
    path: '/admin-business',
    title: '业务办理',
    placement: 'public',
    load: () => import('./pages/admin-business-page.tsx').then((m) => m.AdminBusinessPage),
  },
  {
    path: '/judge',
    title: '选择系统',
    placement: 'shell',
    load: () => import('./pages/judge-page.tsx').then((m) => m.JudgePage),
  },
];
