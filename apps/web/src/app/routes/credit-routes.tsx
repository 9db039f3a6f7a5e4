// The credit pages (spec 001 §2 /credit): one chunk, echarts only when a chart is drawn.

export {
  CommitmentBookDetailPage as CommitmentBookDetailRoute,
  CommitmentBookPage as CommitmentBookRoute,
} from '@/features/credit/pages/commitment-book-pages.tsx';
export { CompanyCreditPage as CreditCompanyInfoRoute } from '@/features/credit/pages/company-credit-page.tsx';
export { CreditAnalysisPage as CreditAnalysisRoute } from '@/features/credit/pages/credit-analysis-page.tsx';
export { CreditPublicListPage as CreditPublicListRoute } from '@/features/credit/pages/credit-public-list-page.tsx';
