// Spec 001 §2 /system/companyInfo and /system/personnelInfo: the market area's pages (one chunk).

export { AdminInfoPage as AdminInfoRoute } from '@/features/market/pages/admin-info-page.tsx';
export { CompanyInfoPage as CompanyInfoRoute } from '@/features/market/pages/company-info-page.tsx';
export { ManagementInfoPage as ManagementInfoRoute } from '@/features/market/pages/management-info-page.tsx';
export { PersonnelInfoPage as PersonnelInfoRoute } from '@/features/market/pages/personnel-info-page.tsx';
export { TransactPage as TransactRoute } from '@/features/market/pages/transact-page.tsx';
