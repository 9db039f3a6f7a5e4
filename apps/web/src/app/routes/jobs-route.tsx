// Its own chunk: only administrators open this page.
export { JobsPage as JobsRoute } from '@/features/jobs/pages/jobs-page.tsx';
