import type {
  Clarification,
  ClarificationRow,
  Objection,
  ReceivedClarification,
} from '@ks/contract/clarifications';
import { makeRecordId, makeUserId } from '@/test/factories.ts';

export const makeClarification = (overrides: Partial<Clarification> = {}): Clarification => ({
  id: makeRecordId(),
  sectionId: makeRecordId(),
  sectionCode: 'JY202611290001-001',
  sectionName: '施工标段',
  projectId: makeRecordId(),
  projectName: '滨江路道路提升工程',
  title: '关于工程量清单的澄清',
  content: '第五章工程量清单第12项更正。',
  files: [],
  state: 'draft',
  newBidDeadlineAt: '',
  bidDeadlineAt: '2027-01-05 09:00',
  returnReason: '',
  createdByName: '张三',
  sentAt: null,
  updatedAt: '2026-11-29T08:00:00.000Z',
  version: 1,
  side: 'tenderee',
  actions: ['edit', 'submit', 'delete'],
  receipts: [],
  history: [],
  ...overrides,
});

/** The list row of a clarification, as the list answers it. */
export const rowOf = (
  clarification: Clarification,
  counts: Pick<ClarificationRow, 'deliveredCount' | 'receivedCount'> = {
    deliveredCount: 0,
    receivedCount: 0,
  },
): ClarificationRow => {
  const { content: _content, files: _files, receipts: _receipts, history: _history, ...row } = clarification;
  return { ...row, ...counts };
};

export const makeReceipt = (overrides: Partial<Clarification['receipts'][number]> = {}) => ({
  id: makeRecordId(),
  bidderId: makeUserId(),
  enterpriseName: '投标企业甲',
  downloadedAt: '2026-11-28T02:00:00.000Z',
  deliveredAt: '2026-11-29T02:00:00.000Z',
  receivedAt: null,
  ...overrides,
});

export const makeReceived = (overrides: Partial<ReceivedClarification> = {}): ReceivedClarification => ({
  id: makeRecordId(),
  clarificationId: makeRecordId(),
  title: '关于工程量清单的澄清',
  content: '第五章工程量清单第12项更正。',
  files: [],
  sectionCode: 'JY202611290001-001',
  sectionName: '施工标段',
  projectName: '滨江路道路提升工程',
  bidDeadlineAt: '2027-01-05 09:00',
  deliveredAt: '2026-11-29T02:00:00.000Z',
  receivedAt: null,
  actions: ['receive'],
  ...overrides,
});

export const makeObjection = (overrides: Partial<Objection> = {}): Objection => ({
  id: makeRecordId(),
  sectionId: makeRecordId(),
  sectionCode: 'JY202611290001-001',
  sectionName: '施工标段',
  projectName: '滨江路道路提升工程',
  raisedByName: '投标企业甲',
  content: '资格要求中的同类工程未明确规模。',
  raisedAt: '2026-11-29T02:00:00.000Z',
  answerDue: '2026-12-02',
  state: 'open',
  answer: '',
  answeredAt: null,
  answeredByName: '',
  version: 1,
  side: 'bidder',
  actions: [],
  ...overrides,
});
