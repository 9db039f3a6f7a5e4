import { authorityRoutes } from '@/features/authority/routes.ts';
import { builderRoutes } from '@/features/builder/routes.ts';
import { caAuthRoutes } from '@/features/ca-auth/routes.ts';
import { calendarRoutes } from '@/features/calendar/routes.ts';
import { cataloguesRoutes } from '@/features/catalogues/routes.ts';
import { clarificationsRoutes } from '@/features/clarifications/routes.ts';
import { creditRoutes } from '@/features/credit/routes.ts';
import { feedbackRoutes } from '@/features/feedback/routes.ts';
import { fileAnalysisRoutes } from '@/features/file-analysis/routes.ts';
import { filesRoutes } from '@/features/files/routes.ts';
import { helpRoutes } from '@/features/help/routes.ts';
import { jobsRoutes } from '@/features/jobs/routes.ts';
import { loginsRoutes } from '@/features/logins/routes.ts';
import { marketRoutes } from '@/features/market/routes.ts';
import { notifyRoutes } from '@/features/notify/routes.ts';
import { platformRoutes } from '@/features/platform/routes.ts';
import { recordsRoutes } from '@/features/records/routes.ts';
import { sessionRoutes } from '@/features/session/routes.ts';
import { tenderFilesRoutes } from '@/features/tender-files/routes.ts';
import { tradingRoutes } from '@/features/trading/routes.ts';
import { venuesRoutes } from '@/features/venues/routes.ts';
import type { FeatureRoute } from '@/lib/feature-route.ts';
import { appRoutes } from './app-routes.ts';

/**
 * Every built page: a feature adds its pages by one entry here. Each list holds only dynamic
 * imports, so the app's boot loads no page with it.
 */
export const FEATURE_ROUTES: FeatureRoute[] = [
  ...appRoutes,
  ...sessionRoutes,
  ...platformRoutes,
  ...filesRoutes,
  ...helpRoutes,
  ...feedbackRoutes,
  ...jobsRoutes,
  ...notifyRoutes,
  ...builderRoutes,
  ...cataloguesRoutes,
  ...authorityRoutes,
  ...recordsRoutes,
  ...creditRoutes,
  ...marketRoutes,
  ...fileAnalysisRoutes,
  ...calendarRoutes,
  ...tradingRoutes,
  ...venuesRoutes,
  ...tenderFilesRoutes,
  ...clarificationsRoutes,
  ...loginsRoutes,
  ...caAuthRoutes,
];
