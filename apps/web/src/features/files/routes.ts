import { MY_ATTACHMENTS_PATH } from '@/lib/constants.ts';
import type { FeatureRoute } from '@/lib/feature-route.ts';

export const filesRoutes: FeatureRoute[] = [
  {
    path: MY_ATTACHMENTS_PATH,
    title: '我的附件',
    placement: 'shell',
    load: () => import('./pages/my-attachments-page.tsx').then((m) => m.MyAttachmentsPage),
    ownPage: "the user centre lists the user's own attachments (the uploaders of the files area)",
  },
];
