// Spec 001 §2 /system/companyInfo and /system/personnelInfo: the market area's pages (one chunk).

export { CompanyInfoPage as CompanyInfoRoute } from '@/features/market/pages/company-info-page.tsx';
export { PersonnelInfoPage as PersonnelInfoRoute } from '@/features/market/pages/personnel-info-page.tsx';
