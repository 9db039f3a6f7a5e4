export { ActivatePage as ActivateRoute } from '@/features/session/pages/activate-page.tsx';
