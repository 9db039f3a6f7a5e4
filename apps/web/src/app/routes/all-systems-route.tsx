export { AllSystemsPage as AllSystemsRoute } from '@/features/builder/pages/all-systems-page.tsx';
