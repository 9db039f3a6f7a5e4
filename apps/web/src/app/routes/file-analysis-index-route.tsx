// Its own chunk: administrators and enterprises open it (the server answers no one else).
export { FileAnalysisIndexPage as FileAnalysisIndexRoute } from '@/features/file-analysis/pages/index-page.tsx';
