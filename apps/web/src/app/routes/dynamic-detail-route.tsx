export { DynamicDetailPage as DynamicDetailRoute } from '@/features/records/pages/dynamic-detail-page.tsx';
