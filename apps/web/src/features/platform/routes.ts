import { PLATFORM_SETTINGS_PATH } from '@/lib/constants.ts';
import type { FeatureRoute } from '@/lib/feature-route.ts';

export const platformRoutes: FeatureRoute[] = [
  {
    path: PLATFORM_SETTINGS_PATH,
    title: '平台设置',
    placement: 'shell',
    load: () => import('./pages/platform-settings-page.tsx').then((m) => m.PlatformSettingsPage),
    ownPage: "administrators keep the footer's platform information and read the SMS outbox",
  },
];
