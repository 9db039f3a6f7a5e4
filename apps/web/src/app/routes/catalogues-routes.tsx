export { DictionariesPage as DictionariesRoute } from '@/features/catalogues/pages/dictionaries-page.tsx';
export { StyleTemplatesPage as StyleTemplateRoute } from '@/features/catalogues/pages/style-templates-page.tsx';
export { ValueRangesPage as ValueRangesRoute } from '@/features/catalogues/pages/value-ranges-page.tsx';
