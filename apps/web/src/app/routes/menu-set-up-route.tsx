export { MenuSetUpPage as MenuSetUpRoute } from '@/features/builder/pages/menu-set-up-page.tsx';
