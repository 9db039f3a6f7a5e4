// Its own chunk: the cost-file check's detail page.
export { FileAnalysisDetailPage as FileAnalysisDetailRoute } from '@/features/file-analysis/pages/detail-page.tsx';
