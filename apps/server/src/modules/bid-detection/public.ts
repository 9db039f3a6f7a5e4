import type { BidDocumentState } from '@ks/contract';
import type { Db } from '../../db/client.ts';
import type { SessionUser } from '../../platform/access.ts';
import { documentBesideCostFile, documentStateOf, documentStates as statesOf } from './documents.ts';
import { documentProject, hasDocument } from './repository.ts';

/**
 * What other modules may read of the bid-document detection (the lint lets them import this file
 * only): the documents' states as the caller may see them, answered in the contract's terms.
 */

/** The documents of a project (xmId) the caller may see, with their states: an enterprise its own. */
export const documentStates = (db: Db, user: SessionUser, xmId: string): Promise<BidDocumentState[]> =>
  statesOf(db, user, xmId);

/** The state of one document by id when the caller may read it (a cost file's parse-data), else null. */
export const documentState = (db: Db, user: SessionUser, id: string): Promise<BidDocumentState | null> =>
  documentStateOf(db, user, id);

/** The caller's document of the project beside a cost file of the same bidder, if any. */
export const documentBeside = (
  db: Db,
  user: SessionUser,
  costFile: { projectId: string; bidderUserId: string | null; bidderName: string | null },
): Promise<BidDocumentState | null> => documentBesideCostFile(db, user, costFile);

/** The project (xmId) a document belongs to; null for no such document. */
export const projectOfDocument = (db: Db, documentId: string): Promise<string | null> =>
  documentProject(db, documentId);

/** Whether the enterprise has a live bid document of the project: that makes it one of its bidders. */
export const hasBidDocument = (
  db: Db,
  query: { projectId: string; bidderUserId: string },
): Promise<boolean> => hasDocument(db, query.projectId, query.bidderUserId);
