import type { ApprovedEstimate, SaveApprovedEstimateBody } from '@ks/contract';
import type { Db } from '../../db/client.ts';
import type { SessionUser } from '../../platform/access.ts';
import { DEMO_COST_PROJECT } from './demo-project.ts';
import { ApprovedEstimateService } from './estimate.ts';
import {
  type ComparedField,
  compareWithTender,
  duplicateCodes,
  type FeeItemRow,
  feeItemRows,
  type IssueRows,
  type ItemIssue,
  type ItemSet,
  type ItemSumRow,
  itemSums,
  priceIssues,
  totalIssues,
} from './item-repository.ts';
import * as repo from './repository.ts';
import { type NodeRow, treeNodes } from './tree-repository.ts';

/**
 * What other modules may read of the cost files module (the lint lets them import this file
 * only): its projects, their files and each file's visible parsed tree, answered as typed rows
 * (money as the database's decimal strings), and the bidder of an upload. The cost check and the
 * bid-document detection build on these; neither names the module's tables.
 */

/** Who keeps cost projects: the centre; the cost check and bid detection follow the same rule. */
export { CENTRE_AND_ENTERPRISES, CENTRE_ROLES, isCentre, uploadRights } from './actions.ts';
export type { Bidder } from './bidder.ts';
export { resolveBidder } from './bidder.ts';
export type { FileOrigin, OriginField } from './cost-tree.ts';
export { ORIGIN_TERMS } from './cost-tree.ts';
/** The parse job's name: a test elsewhere runs a cost file's parse as the worker would. */
export { PARSE_JOB } from './job-names.ts';
export type { ComparedField, FeeItemRow, IssueRows, ItemIssue, ItemSet, ItemSumRow };

/** A cost project (xmId), live. */
export type CostProjectRow = repo.ProjectRow;
/** A cost file of a project: its kind, bidder, parse state and header (sha256, origin). */
export type CostFileRow = repo.FileRow;
/** A node (project, single or unit project) of a file's parsed tree, its money in yuan. */
export type CostNodeRow = NodeRow;

/** A live project; `lock` takes its row lock in the caller's transaction (select … for update). */
export const projectOf = (db: Db, xmId: string, options: { lock?: boolean } = {}) =>
  repo.findProject(db, xmId, options);

/** The live files of a project, oldest first. */
export const filesOf = (db: Db, xmId: string): Promise<CostFileRow[]> => repo.projectFiles(db, xmId);

/** Live projects with a parsed file of one of these kinds. */
export const projectsWithParsedFiles = (db: Db, kinds: readonly string[]): Promise<string[]> =>
  repo.projectsWithParsedFiles(db, kinds);

/** The parsed bids of a project with their trees' project totals (zzj, in yuan). */
export const parsedBidTotals = (db: Db, xmId: string) => repo.parsedBidTotals(db, xmId);

/** The nodes of a file's visible tree, a node before its children; at most `limit`. */
export const nodesOf = (db: Db, fileId: string, limit?: number): Promise<CostNodeRow[]> =>
  treeNodes(db, fileId, limit);

/** Each unit project's item sums and counts per list and category. */
export const itemSumsOf = (db: Db, fileId: string): Promise<ItemSumRow[]> => itemSums(db, fileId);

/** A file's fee items that declare a rate or a base, and its safety items. */
export const feeItemsOf = (db: Db, fileId: string): Promise<FeeItemRow[]> => feeItemRows(db, fileId);

/** Item comparisons of a file, each answering its first `limit` rows and how many there are. */
export const itemIssues = {
  /** Against the tender BOQ's items of the set: missing, extra and differing fields. */
  againstTender: (
    db: Db,
    query: {
      fileId: string;
      tenderId: string;
      items: ItemSet;
      fields: readonly ComparedField[];
      limit: number;
    },
  ): Promise<IssueRows> => compareWithTender(db, query),
  /** Codes occurring more than once in one list of a unit project. */
  duplicateCodes: (db: Db, fileId: string, limit: number) => duplicateCodes(db, fileId, limit),
  /** 分部分项 items priced negative, zero or not at all. */
  prices: (db: Db, fileId: string, limit: number) => priceIssues(db, fileId, limit),
  /** Items whose 合价 is not round(工程量 × 综合单价, 2). */
  totals: (db: Db, fileId: string, limit: number) => totalIssues(db, fileId, limit),
};

/** A project's approved estimate (批准的概算), which the cost check holds its control price to. */
export const approvedEstimateOf = (db: Db, xmId: string): Promise<ApprovedEstimate> =>
  new ApprovedEstimateService(db).find(xmId);

/** Sets or clears a project's approved estimate (its owner's); a stale version is a conflict. */
export const saveApprovedEstimate = (
  db: Db,
  user: SessionUser,
  body: SaveApprovedEstimateBody,
  ip: string,
): Promise<ApprovedEstimate> => new ApprovedEstimateService(db).save(user, body, ip);

/** The demo's cost project, once the cost files' demo made it (the modules' demos run in order). */
export const demoProject = (db: Db): Promise<CostProjectRow | null> =>
  repo.projectWithCode(db, DEMO_COST_PROJECT.code);
