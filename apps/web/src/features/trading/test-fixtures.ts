import type { Project, ProjectRow, Section } from '@ks/contract/trading';
import type { VenueBooking } from '@ks/contract/venues';
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

/** A venue booking as the venues module answers it on the project's 场地预约 tab. */
export const makeVenueBooking = (overrides: Partial<VenueBooking> = {}): VenueBooking => ({
  id: makeRecordId(),
  roomId: makeRecordId(),
  roomName: '第一开标室',
  fromDay: '2026-12-01',
  fromHalf: 'am',
  toDay: '2026-12-01',
  toHalf: 'pm',
  purpose: '开标',
  contactName: '张敏',
  contactPhone: '13800138000',
  section: null,
  remark: '',
  bookerName: '某市城建投资有限公司（张敏）',
  status: 'pending',
  refusal: '',
  createdAt: '2026-11-29T02:00:00.000Z',
  decidedAt: null,
  own: true,
  actions: ['cancel'],
  version: 1,
  ...overrides,
});
