export { UserCenterPage as UserCenterRoute } from '@/features/session/pages/user-center-page.tsx';
