import { BID_MESSAGES, type BidDocumentState, type BidDocumentStateValue, ERROR_CODES } from '@ks/contract';
import type { Db } from '../../db/client.ts';
import type { SessionUser } from '../../platform/access.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import * as costFiles from '../file-analysis/public.ts';
import { documentActions } from './actions.ts';
import { points2 } from './checks.ts';
import * as repo from './repository.ts';

/**
 * Reading bid documents and their states (decision 0052): what the module's service, the cost
 * files' parse-data and the cost check's status show, the latter two through public.ts.
 */

type DocumentRow = repo.DocumentRow;

/** Yuan as a decimal string into cents. */
export const cents = (yuan: string) => {
  const [whole = '0', fraction = ''] = yuan.split('.');
  const negative = whole.startsWith('-');
  const value = BigInt(whole.replace('-', '')) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
  return negative ? -value : value;
};

/** A live project (xmId), else 404. */
export async function liveProject(db: Db, xmId: string) {
  const row = await costFiles.projectOf(db, xmId);
  if (!row) throw notFound(BID_MESSAGES.projectMissing);
  return row;
}

/** A live document of a live project the caller may read (administrators any, an enterprise its own; else 404). */
export async function readableDocument(db: Db, user: SessionUser, id: string): Promise<DocumentRow> {
  const doc = await repo.liveDocument(db, id);
  const readable =
    doc &&
    (user.loginRoleType === 'M' || doc.bidderUserId === user.id) &&
    (await costFiles.projectOf(db, doc.projectId));
  if (!doc || !readable) throw notFound(BID_MESSAGES.documentMissing);
  return doc;
}

/** The documents of a project the caller may see, with their states: an enterprise its own. */
export async function documentStates(db: Db, user: SessionUser, xmId: string): Promise<BidDocumentState[]> {
  const project = await liveProject(db, xmId);
  const rows = await repo.projectDocuments(db, project.id, user.loginRoleType === 'M' ? undefined : user.id);
  return rows.map((r) => toState(r.doc, r.fileName, user));
}

/** The state of one document by id, when it is one the caller may read (parse-data), else null. */
export async function documentStateOf(
  db: Db,
  user: SessionUser,
  id: string,
): Promise<BidDocumentState | null> {
  const doc = await readableDocument(db, user, id).catch((error: unknown) => {
    if (error instanceof AppError && error.code === ERROR_CODES.NOT_FOUND) return null;
    throw error;
  });
  if (!doc) return null;
  return toState(doc, (await repo.storedFileName(db, doc.fileId)) ?? '', user);
}

/** The caller's own document of the project beside a cost file (parse-data's states), if any. */
export async function documentBesideCostFile(
  db: Db,
  user: SessionUser,
  costFile: { projectId: string; bidderUserId: string | null; bidderName: string | null },
): Promise<BidDocumentState | null> {
  if (!costFile.bidderUserId && !costFile.bidderName) return null;
  const row = await repo.bidderDocument(db, costFile.projectId, costFile);
  return row ? toState(row.doc, row.fileName, user) : null;
}

export function scoreTotal(doc: DocumentRow): string | null {
  if (doc.state !== 'checked') return null;
  return points2(doc.scores.reduce((sum, s) => sum + (s.points ? cents(s.points) : 0n), 0n));
}

export function resultHead(doc: DocumentRow) {
  return {
    documentId: doc.id,
    bidderName: doc.bidderName,
    state: doc.state as BidDocumentStateValue,
    errorMessage: doc.error ?? '',
    checkedAt: doc.checkedAt?.toISOString() ?? null,
  };
}

export function toState(doc: DocumentRow, fileName: string, user: SessionUser): BidDocumentState {
  const checked = doc.state === 'checked';
  return {
    ...resultHead(doc),
    fileName,
    pageCount: doc.pageCount,
    directoryFindings: checked ? doc.directories.filter((d) => d.result !== 'ok').length : 0,
    achievementFindings: checked ? doc.achievements.filter((a) => a.result !== 'matched').length : 0,
    score: scoreTotal(doc),
    actions: documentActions(user, doc),
  };
}
