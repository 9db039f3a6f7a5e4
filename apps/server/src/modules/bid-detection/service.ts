import { buffer } from 'node:stream/consumers';
import {
  type AchievementResult,
  type AttachBidDocumentBody,
  BID_FILE_SLOT,
  BID_MESSAGES,
  type BidDocumentState,
  type BidRequirements,
  type BidResultBody,
  type DirectoriesResult,
  ERROR_CODES,
  type Publicity,
  type PublicityActionBody,
  type SaveBidRequirementsBody,
  type SavedBidRequirements,
  type ScoreResult,
} from '@ks/contract';
import type { Db } from '../../db/client.ts';
import type { SessionUser } from '../../platform/access.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { FileService } from '../../platform/file-store.ts';
import { recordOperation } from '../../platform/operation-log.ts';
import * as costFiles from '../file-analysis/public.ts';
import * as market from '../market/public.ts';
import { documentActions, projectDocumentActions } from './actions.ts';
import {
  checkAchievements,
  checkDirectories,
  computeScores,
  type PerformanceRecord,
  type PriceContext,
  points2,
} from './checks.ts';
import {
  cents,
  documentBesideCostFile,
  documentStateOf,
  documentStates,
  liveProject,
  readableDocument,
  resultHead,
  scoreTotal,
  toState,
} from './documents.ts';
import { BidExtractError, extractPages } from './pdf-text.ts';
import * as repo from './repository.ts';

/** The detection job's name; job.ts defines it. */
export const BID_DETECT_JOB = 'file-analysis.bid-detect';
/** Enqueues a document's detection inside the caller's transaction (the transactional outbox). */
export type EnqueueDetect = (tx: Db, documentId: string) => Promise<void>;

type DocumentRow = repo.DocumentRow;
type PublicityRow = repo.PublicityRow;
const DAY_MS = 86_400_000;

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

/**
 * The bid documents of a cost project and their detection (decision 0052). A document is
 * attached from an uploaded PDF and detected by a durable job: the text of its pages is extracted,
 * the checks run against the project's requirements, and pages and results are written together,
 * replacing the previous ones, in one transaction. Administrators keep the requirements and the
 * publicity; an enterprise uploads and reads its own document, its result only while published.
 */
export class BidDetectionService {
  constructor(
    private readonly db: Db,
    private readonly files: FileService,
    private readonly enqueue: EnqueueDetect,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The annex slot the web uploads bid documents into (PDF only), created on the first start. */
  async ensureUploadSlot(): Promise<void> {
    await repo.ensureSlot(this.db, {
      gnCoding: BID_FILE_SLOT.gnCoding,
      annexNo: BID_FILE_SLOT.annexNo,
      annexName: BID_FILE_SLOT.annexName,
      annexFormat: ['pdf'],
      annexSize: 0,
      annexCount: 1,
      description: '投标人的投标文件（可检索的 PDF）',
    });
  }

  // -- documents ------------------------------------------------------------------------------

  async attach(user: SessionUser, body: AttachBidDocumentBody, ip: string): Promise<BidDocumentState> {
    const stored = await this.files.get(body.fileId).catch(() => null);
    if (!stored || (!costFiles.isCentre(user) && stored.ownerUserId !== user.id)) {
      throw notFound(BID_MESSAGES.storedMissing);
    }
    if (!stored.fileName.toLowerCase().endsWith('.pdf')) throw badRequest(BID_MESSAGES.notPdf);
    const { bidderUserId, bidderName } = await costFiles.resolveBidder(this.db, user, body);
    try {
      return await this.db.transaction(async (tx) => {
        const project = await costFiles.projectOf(tx, body.projectId);
        if (!project) throw notFound(BID_MESSAGES.projectMissing);
        const row = await repo.insertDocument(tx, {
          projectId: project.id,
          bidderUserId,
          bidderName,
          fileId: stored.id,
          uploadedBy: user.id,
        });
        await this.enqueue(tx, row.id);
        await recordOperation(tx, {
          user,
          action: '上传投标文件',
          targetType: 'bid_document',
          targetId: row.id,
          targetName: `${project.code}/${bidderName}/${stored.fileName}`,
          ip,
        });
        return toState(row, stored.fileName, user);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw badRequest(BID_MESSAGES.duplicate);
      throw error;
    }
  }

  async remove(user: SessionUser, id: string, ip: string): Promise<void> {
    const doc = await this.readable(user, id);
    if (!documentActions(user, doc).includes('delete')) throw forbidden(BID_MESSAGES.deleteOwnOnly);
    await this.db.transaction(async (tx) => {
      await repo.removeDocument(tx, doc.id, this.now());
      await recordOperation(tx, {
        user,
        action: '删除投标文件',
        targetType: 'bid_document',
        targetId: doc.id,
        targetName: doc.bidderName,
        ip,
      });
    });
  }

  /** Detects every live document of a project again (after the requirements changed): administrators. */
  async redetect(user: SessionUser, xmId: string, ip: string): Promise<number> {
    const project = await this.project(xmId);
    return this.db.transaction(async (tx) => {
      const count = await this.redetectIn(tx, project.id);
      await recordOperation(tx, {
        user,
        action: '重新检测投标文件',
        targetType: 'cost_project',
        targetId: project.id,
        targetName: `${project.code} ${project.name}`,
        ip,
      });
      return count;
    });
  }

  /**
   * Marks every live document of the project waiting and enqueues its detection, in the caller's
   * transaction (the outbox): the jobs exist exactly when the change that needs them is committed.
   */
  private async redetectIn(tx: Db, projectId: string): Promise<number> {
    const docs = await repo.markProjectPending(tx, projectId);
    for (const doc of docs) await this.enqueue(tx, doc.id);
    return docs.length;
  }

  /** The documents of a project the caller may see, with their states: an enterprise its own. */
  states(user: SessionUser, xmId: string): Promise<BidDocumentState[]> {
    return documentStates(this.db, user, xmId);
  }

  async list(user: SessionUser, xmId: string) {
    const project = await this.project(xmId);
    return {
      xmId: project.id,
      projectName: project.name,
      documents: await this.states(user, project.id),
      actions: projectDocumentActions(user),
      choosesBidder: costFiles.uploadRights(user).choosesBidder,
    };
  }

  /** The caller's own document of the project beside a cost file (parse-data's states), if any. */
  stateBesideCostFile(
    user: SessionUser,
    costFile: { projectId: string; bidderUserId: string | null; bidderName: string | null },
  ): Promise<BidDocumentState | null> {
    return documentBesideCostFile(this.db, user, costFile);
  }

  /** A live document the caller may read (administrators any, an enterprise its own; else 404). */
  readable(user: SessionUser, id: string): Promise<DocumentRow> {
    return readableDocument(this.db, user, id);
  }

  /** The state of one document by id, when it is one the caller may read (parse-data), else null. */
  stateOf(user: SessionUser, id: string): Promise<BidDocumentState | null> {
    return documentStateOf(this.db, user, id);
  }

  // -- detection (the job) --------------------------------------------------------------------

  /**
   * Extracts the document's pages and runs the checks, then writes pages and results in one
   * transaction that first removes the previous ones: readers see the old result or the new one.
   * A refusal of the file (scanned, encrypted, broken, gone) is stored as its state and error with
   * no pages; anything else is thrown and the job retries.
   */
  async detect(documentId: string, signal?: AbortSignal): Promise<void> {
    const doc = await repo.liveDocument(this.db, documentId);
    if (!doc) return;
    await repo.setDocumentFields(this.db, doc.id, { state: 'parsing' });
    try {
      const stored = await this.files.get(doc.fileId).catch((error: unknown) => {
        if (error instanceof AppError && error.code === ERROR_CODES.NOT_FOUND) {
          throw new BidExtractError(BID_MESSAGES.storedGone, 'failed');
        }
        throw error;
      });
      const bytes = await buffer(await this.files.storage.get(stored.storageKey));
      const pages = await extractPages(bytes, signal);
      const requirements = await this.requirementsRow(doc.projectId);
      const directories = checkDirectories(pages, requirements?.chapters ?? []);
      const achievements = checkAchievements(pages, await this.performanceRecords(doc.bidderUserId));
      const scores = computeScores(pages, requirements?.scoreItems ?? [], await this.priceContext(doc));
      await this.db.transaction(async (tx) => {
        await repo.writeDetection(tx, doc.id, pages, {
          state: 'checked',
          error: null,
          pageCount: pages.length,
          directories,
          achievements: achievements.rows,
          achievementNote: achievements.note,
          scores: scores.rows,
          requirementsVersion: requirements?.version ?? null,
          checkedAt: this.now(),
        });
      });
    } catch (error) {
      if (!(error instanceof BidExtractError)) throw error;
      await this.db.transaction(async (tx) => {
        await repo.writeRefusal(tx, doc.id, {
          state: error.state,
          error: error.message,
          pageCount: 0,
          directories: [],
          achievements: [],
          achievementNote: '',
          scores: [],
          requirementsVersion: null,
          checkedAt: this.now(),
        });
      });
    }
  }

  /** The last attempt failed for a reason other than the file: the document says so. */
  async markFailed(documentId: string): Promise<void> {
    await repo.failWaitingDetection(this.db, documentId, BID_MESSAGES.unavailable);
  }

  /** The bidder's enterprise's approved 业绩, read through the market module's port. */
  private async performanceRecords(bidderUserId: string | null): Promise<PerformanceRecord[]> {
    return bidderUserId ? market.performancesOf(this.db, bidderUserId) : [];
  }

  /** The bidder's bid total and the lowest parsed bid total of the project (the cost check's bids). */
  private async priceContext(doc: DocumentRow): Promise<PriceContext> {
    const rows = await costFiles.parsedBidTotals(this.db, doc.projectId);
    const valid = rows.map((r) => ({ ...r, cents: cents(r.total) })).filter((r) => r.cents > 0n);
    const own = valid.find((r) =>
      doc.bidderUserId
        ? r.bidderUserId === doc.bidderUserId
        : !r.bidderUserId && r.bidderName === doc.bidderName,
    );
    const lowest = valid.reduce<bigint | null>(
      (min, r) => (min === null || r.cents < min ? r.cents : min),
      null,
    );
    return { own: own?.cents ?? null, lowest, count: valid.length };
  }

  // -- requirements ---------------------------------------------------------------------------

  async requirements(xmId: string): Promise<BidRequirements> {
    const project = await this.project(xmId);
    const row = await this.requirementsRow(project.id);
    return {
      xmId: project.id,
      chapters: row?.chapters ?? [],
      scoreItems: row?.scoreItems ?? [],
      publicityDays: row?.publicityDays ?? 5,
      version: row?.version ?? 0,
      updatedAt: row?.updatedAt.toISOString() ?? null,
    };
  }

  async saveRequirements(
    user: SessionUser,
    body: SaveBidRequirementsBody,
    ip: string,
  ): Promise<SavedBidRequirements> {
    const project = await this.project(body.xmId);
    const values = {
      chapters: body.chapters,
      scoreItems: body.scoreItems.map((item) => ({
        ...item,
        keywords: item.kind === 'keyword' ? item.keywords : [],
      })),
      publicityDays: body.publicityDays,
      updatedBy: user.id,
      updatedAt: this.now(),
    };
    // The documents already read are detected again against what was saved, in the same transaction.
    const redetected = await this.db.transaction(async (tx) => {
      if (body.version === 0) {
        if (!(await repo.insertRequirements(tx, project.id, values))) throw conflict();
      } else {
        if (!(await repo.updateRequirements(tx, project.id, body.version, values))) throw conflict();
      }
      await recordOperation(tx, {
        user,
        action: '配置投标文件检测要求',
        targetType: 'cost_project',
        targetId: project.id,
        targetName: `${project.code} ${project.name}`,
        ip,
      });
      return this.redetectIn(tx, project.id);
    });
    return { ...(await this.requirements(project.id)), redetected };
  }

  private requirementsRow(projectId: string) {
    return repo.requirementsOf(this.db, projectId);
  }

  // -- results --------------------------------------------------------------------------------

  /**
   * A document's result for one check. Administrators read any; an enterprise only its own
   * document (another's answers 404 like a missing one), and only while the result is published.
   */
  async result(user: SessionUser, body: BidResultBody): Promise<DocumentRow> {
    const project = await this.project(body.xmId);
    const doc = await this.readable(user, body.documentId);
    if (doc.projectId !== project.id) throw notFound(BID_MESSAGES.documentMissing);
    if (user.loginRoleType !== 'M') {
      const publicity = await this.publicityOf(project.id);
      if (publicity.state === 'none') throw forbidden(BID_MESSAGES.notPublished);
      if (publicity.state === 'closed') throw forbidden(BID_MESSAGES.publicityClosed);
    }
    return doc;
  }

  async directories(user: SessionUser, body: BidResultBody): Promise<DirectoriesResult> {
    const doc = await this.result(user, body);
    return { ...resultHead(doc), rows: doc.directories };
  }

  async achievement(user: SessionUser, body: BidResultBody): Promise<AchievementResult> {
    const doc = await this.result(user, body);
    return { ...resultHead(doc), note: doc.achievementNote, rows: doc.achievements };
  }

  async score(user: SessionUser, body: BidResultBody): Promise<ScoreResult> {
    const doc = await this.result(user, body);
    const requirements = await this.requirementsRow(doc.projectId);
    // A checked document's own items (the version it was computed with), else the current ones.
    const max =
      doc.state === 'checked'
        ? doc.scores.map((s) => cents(s.maxPoints))
        : (requirements?.scoreItems ?? []).map((i) => BigInt(Math.round(i.points * 100)));
    return {
      ...resultHead(doc),
      total: scoreTotal(doc),
      maxTotal: points2(max.reduce((sum, m) => sum + m, 0n)),
      rows: doc.scores,
    };
  }

  // -- publicity ------------------------------------------------------------------------------

  async publicity(user: SessionUser, body: PublicityActionBody, ip: string): Promise<Publicity> {
    const project = await this.project(body.xmId);
    if (!body.action) {
      if (user.loginRoleType !== 'M') {
        const own = await this.states(user, project.id);
        if (own.length === 0) throw forbidden(BID_MESSAGES.notABidder);
      }
      return withoutId(await this.publicityOf(project.id));
    }
    if (user.loginRoleType !== 'M') throw forbidden();
    await this.db.transaction(async (tx) => {
      // The project row is locked: two publishes cannot both pass the "already open" check.
      await costFiles.projectOf(tx, project.id, { lock: true });
      const current = await this.publicityOf(project.id, tx);
      const now = this.now();
      if (body.action === 'publish') {
        if (current.state === 'open') throw badRequest(BID_MESSAGES.alreadyOpen);
        if (!(await repo.hasCheckedDocument(tx, project.id))) throw badRequest(BID_MESSAGES.nothingToPublish);
        const requirements = await repo.requirementsOf(tx, project.id);
        if (!requirements) throw badRequest(BID_MESSAGES.noRequirements);
        await repo.insertPublicity(tx, {
          projectId: project.id,
          startsAt: now,
          endsAt: new Date(now.getTime() + requirements.publicityDays * DAY_MS),
          publishedBy: user.id,
        });
      } else {
        if (current.state !== 'open' || !current.id) throw badRequest(BID_MESSAGES.notOpen);
        await repo.closePublicity(tx, current.id, now);
      }
      await recordOperation(tx, {
        user,
        action: body.action === 'publish' ? '公示投标文件检测结果' : '结束投标文件检测结果公示',
        targetType: 'cost_project',
        targetId: project.id,
        targetName: `${project.code} ${project.name}`,
        ip,
      });
    });
    return withoutId(await this.publicityOf(project.id));
  }

  private async publicityOf(projectId: string, db: Db = this.db): Promise<Publicity & { id: string | null }> {
    const row = await repo.latestPublicity(db, projectId);
    const days = await repo.publicityDays(db, projectId);
    return {
      id: row?.id ?? null,
      xmId: projectId,
      state: publicityState(row, this.now()),
      publicityDays: days ?? 5,
      startsAt: row?.startsAt.toISOString() ?? null,
      endsAt: (row?.closedAt ?? row?.endsAt)?.toISOString() ?? null,
    };
  }

  // -- helpers --------------------------------------------------------------------------------

  private project(xmId: string) {
    return liveProject(this.db, xmId);
  }
}

function withoutId({ id: _id, ...publicity }: Publicity & { id: string | null }): Publicity {
  return publicity;
}

function publicityState(row: PublicityRow | null, now: Date): Publicity['state'] {
  if (!row) return 'none';
  if (row.closedAt || row.endsAt <= now) return 'closed';
  return 'open';
}
