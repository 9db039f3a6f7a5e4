export { HelpConfigPage as HelpConfigRoute } from '@/features/help/pages/help-config-page.tsx';
