/** The Records API shapes the web reads, from the records contract (one definition for both sides). */
export type {
  AuditStepView as AuditStep,
  ChartData,
  ImportReport as ImportResult,
  ListRecordsBody,
  NodeRef,
  RecordDetails as FormDetails,
  RecordMeta,
  RecordPage,
  Revision,
  RowOperation,
  SearchTag,
} from '@ks/contract/records';

import type { ListRecordsBody, RecordPage } from '@ks/contract/records';

/** A list row as the list calls answer it: the envelope plus each field's value under its code. */
export type RecordRow = RecordPage['records'][number];

/** A list call as the pages build it: page and size always set. */
export type ListQuery = ListRecordsBody & { curPage: number; pageSize: number };
