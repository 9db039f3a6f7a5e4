// Spec 001 §2 /system/companyInfo: the enterprise information page (the market area).

export { CompanyInfoPage as CompanyInfoRoute } from '@/features/market/pages/company-info-page.tsx';
