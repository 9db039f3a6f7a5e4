import type { Project, ProjectRow, Section } from '@ks/contract/trading';
import { makeRecordId } from '@/test/factories.ts';

export const makeSection = (overrides: Partial<Section> = {}): Section => ({
  id: makeRecordId(),
  code: 'JY202611290001-001',
  projectId: makeRecordId(),
  name: '施工标段',
  type: '施工',
  estimatePrice: 1_000_000,
  controlPrice: 950_000,
  controlPriceNote: '',
  qualification: '建筑工程施工总承包二级',
  evaluationMethod: '综合评估法',
  noticeAt: '2026-12-10 09:00',
  saleStartAt: '2026-12-11 09:00',
  saleEndAt: '2026-12-16 17:00',
  bidDeadlineAt: '2027-01-05 09:00',
  openingAt: '2027-01-05 09:00',
  attachmentCount: 0,
  ...overrides,
});

export const makeProject = (overrides: Partial<Project> = {}): Project => ({
  id: makeRecordId(),
  code: 'JY202611290001',
  name: '滨江路道路提升工程',
  state: 'draft',
  tendereeName: '某市城建投资有限公司',
  agentName: null,
  principal: '张三',
  principalPhone: '13912345678',
  returnReason: '',
  submittedAt: null,
  decidedAt: null,
  createdAt: '2026-11-29T08:00:00.000Z',
  version: 1,
  side: 'tenderee',
  actions: ['edit', 'submit', 'updatePrincipal'],
  sections: [makeSection()],
  history: [
    { at: '2026-11-29T08:00:00.000Z', actorName: '演示招标人联系人', action: '登记项目', reason: '' },
  ],
  ...overrides,
});

export const rowOf = (project: Project): ProjectRow => ({
  id: project.id,
  code: project.code,
  name: project.name,
  state: project.state,
  tendereeName: project.tendereeName,
  agentName: project.agentName,
  sectionCount: project.sections.length,
  updatedAt: project.createdAt,
  side: project.side,
});
