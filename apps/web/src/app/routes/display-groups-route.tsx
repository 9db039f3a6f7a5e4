export { DisplayGroupsPage as DisplayGroupsRoute } from '@/features/builder/pages/display-groups-page.tsx';
