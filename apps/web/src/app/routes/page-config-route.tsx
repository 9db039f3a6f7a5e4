export { PageConfigPage as PageConfigRoute } from './page-config-page.tsx';
