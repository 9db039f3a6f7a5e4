export { DynamicIndexPage as DynamicIndexRoute } from '@/features/records/pages/dynamic-index-page.tsx';
