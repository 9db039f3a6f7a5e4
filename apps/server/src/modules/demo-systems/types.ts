import type {
  AuditWay,
  FormOption,
  LoginRoleType,
  NODE_LOGOS,
  NodeDefinitionInput,
  NodeFunction,
  NodeProperty,
  SaveAnnexSlotBody,
  WireRecord,
} from '@ks/contract';
import type { DemoActor, DemoAttachment } from '../../engine/demo.ts';

export type { DemoActor, DemoAttachment };

/**
 * A demo business system described as data: what a developer would click together in the builder,
 * written down so the seed can replay it through the builder's own services.
 */

/** Who acts in the seed: the demo accounts by their account name. */

/** One audit level of a demo node; reviewers and organisations are resolved when the seed runs. */
export type DemoAuditLevel =
  | { level: number; name: string; way: Extract<AuditWay, 'single'>; reviewer: DemoActor }
  | { level: number; name: string; way: Exclude<AuditWay, 'single'>; org: string };

/**
 * Where a sample record ends up: saved only, submitted, passed by level 1 only, passed by every
 * level, rejected at level 1, or submitted and then revoked by its owner.
 */
export type DemoRecordState = 'draft' | 'submitted' | 'level1' | 'approved' | 'rejected' | 'revoked';

/**
 * A demo-system asset attached to a sample record in one of its node's annex slots, uploaded by the
 * record's owner (the file under assets/, stored as `fileName`).
 */

export type DemoRecord = {
  owner: DemoActor;
  /** Files attached before the record leaves draft, as its owner would attach them. */
  attachments?: DemoAttachment[];
  values: WireRecord;
  state: DemoRecordState;
  /** A later change saved over the first version, so the record has a revision history. */
  revision?: WireRecord;
  /** The reviewer's advice (rejections say why). */
  advice?: string;
};

export type DemoNode = {
  gnCoding: string;
  title: string;
  nodeProperties: Extract<NodeProperty, 'directory' | 'dynamicList'>;
  icon?: (typeof NODE_LOGOS)[number];
  /** Roles whose menu shows the node (administrators see every shown node anyway). */
  roles: LoginRoleType[];
  definition?: NodeDefinitionInput;
  audit?: DemoAuditLevel[];
  /** Functions per role; a node without grants uses the platform defaults. */
  grants?: Partial<Record<'M' | 'U' | 'P', NodeFunction[]>>;
  records?: DemoRecord[];
  /** The node form's annex slots (the detail-list uploader), kept by the developer. */
  annexSlots?: Omit<SaveAnnexSlotBody, 'gnCoding'>[];
  children?: DemoNode[];
};

export type DemoDictionary = { code: string; name: string; items: FormOption[] };
export type DemoValueRange = { code: string; name: string; tree: FormOption[] };
export type DemoAuditOrg = { name: string; members: DemoActor[] };

export type DemoSystem = {
  systemName: string;
  title: string;
  gnCoding: string;
  dictionaries: DemoDictionary[];
  valueRanges: DemoValueRange[];
  auditOrgs: DemoAuditOrg[];
  nodes: DemoNode[];
};

/** Options whose value is their label: lists, filters and charts then read naturally. */
export const labelled = (...labels: string[]): FormOption[] =>
  labels.map((label) => ({ label, value: label }));
