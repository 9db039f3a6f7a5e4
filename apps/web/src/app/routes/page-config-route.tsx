export { PageConfigPage as PageConfigRoute } from '@/features/records/pages/page-config-page.tsx';
