import type { OnSaleSection, SectionDocuments, TenderDocument } from '@ks/contract/tender-files';
import { makeRecordId } from '@/test/factories.ts';

export const makeDocument = (overrides: Partial<TenderDocument> = {}): TenderDocument => {
  const id = overrides.id ?? makeRecordId();
  return {
    id,
    sectionId: makeRecordId(),
    kind: 'tender',
    fileName: '施工一标段招标文件.pdf',
    size: 2 * 1024 * 1024,
    uploadedAt: '2026-11-27 10:00',
    version: 1,
    url: `/ks/trade/file/download/${id}`,
    actions: [],
    ...overrides,
  };
};

export const makeSectionDocuments = (overrides: Partial<SectionDocuments> = {}): SectionDocuments => ({
  sectionId: makeRecordId(),
  sectionCode: 'JY202611290001-001',
  sectionName: '施工一标段',
  projectName: '滨江路道路提升工程',
  side: 'bidder',
  saleStartAt: '2026-11-27 09:00',
  saleEndAt: '2026-12-04 17:00',
  bidDeadlineAt: '2026-12-24 09:00',
  onSale: true,
  signedUp: false,
  notice: null,
  documents: [],
  actions: [],
  ...overrides,
});

export const makeOnSaleSection = (overrides: Partial<OnSaleSection> = {}): OnSaleSection => ({
  sectionId: makeRecordId(),
  sectionCode: 'JY202611290001-001',
  sectionName: '施工一标段',
  projectName: '滨江路道路提升工程',
  saleStartAt: '2026-11-27 09:00',
  saleEndAt: '2026-12-04 17:00',
  bidDeadlineAt: '2026-12-24 09:00',
  side: 'bidder',
  signedUp: false,
  actions: ['signUp', 'records', 'downloadStatus'],
  ...overrides,
});
