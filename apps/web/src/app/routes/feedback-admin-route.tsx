// Its own chunk: ECharts is large and only administrators open this page.
export { FeedbackAdminPage as FeedbackAdminRoute } from '@/features/feedback/pages/feedback-admin-page.tsx';
