import type { Readable } from 'node:stream';
import {
  type DownloadRecords,
  type DownloadStatus,
  TENDER_FILE_MESSAGES as M,
  type OnSaleSection,
  type SectionDocuments,
  type SignUpBody,
  type SignUpQuantity,
  type SignUpRow,
  TENDER_DOC_KIND_LABELS,
  TENDER_FILE_PATHS,
  type TenderDocDeleteBody,
  type TenderDocSaveBody,
  type TenderDocument,
  type TenderSectionAction,
  type TenderSectionRef,
  type TradingSide,
  UPLOAD_MESSAGES,
} from '@ks/contract';
import type { Db } from '../../db/client.ts';
import type { SessionUser } from '../../platform/access.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { StoredFile } from '../../platform/file-refs.ts';
import type { FileService } from '../../platform/file-store.ts';
import { recordOperation } from '../../platform/operation-log.ts';
import {
  type SectionTimeline,
  sectionsOnSale,
  sectionTimeline,
  sideOf,
  toChinaTime,
} from '../trading/public.ts';
import { type AfterBidderDownload, downloadersOf } from './public.ts';
import * as repo from './repository.ts';

type Meta = { ip: string };
type SignUpInput = { sectionId: string; contactName: string; contactPhone: string };

const PARTIES: readonly TradingSide[] = ['tenderee', 'agent'];
const CENTRE: readonly TradingSide[] = ['centre', 'supervisor'];
const isParty = (side: TradingSide) => PARTIES.includes(side);

/** The section's moments on the server's clock. */
function moments(section: SectionTimeline, now: Date) {
  const started = now >= section.saleStartAt;
  const ended = now > section.saleEndAt;
  return {
    started,
    ended,
    onSale: started && !ended,
    pastDeadline: now >= section.bidDeadlineAt,
    start: toChinaTime(section.saleStartAt),
    end: toChinaTime(section.saleEndAt),
    deadline: toChinaTime(section.bidDeadlineAt),
  };
}

/**
 * Tender documents, sign-up and downloads (decision 0077). Who may do what is decided here from
 * the caller's side of the project (trading's port) and the server's clock; who may read which
 * sign-ups and downloads is restricted in the repository's SQL as well.
 */
export class TenderFilesService {
  constructor(
    private readonly db: Db,
    private readonly files: FileService,
    /** What follows a bidder's download in its transaction (the clarifications already sent reach it). */
    private readonly afterBidderDownload: AfterBidderDownload = async () => {},
    /** The server's clock: every sale window and deadline is compared with it, never the browser's. */
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * The section and the caller's side. A section of a project not yet approved does not exist for
   * a bidder (trading answers 项目不存在 the same way): 标段不存在, never 403.
   */
  private async section(db: Db, caller: SessionUser, sectionId: string) {
    const section = await sectionTimeline(db, sectionId);
    if (!section) throw notFound(M.sectionNotFound);
    const side = await sideOf(db, caller, section.projectId);
    if (side === 'none') throw notFound(M.sectionNotFound);
    if (side === 'bidder' && section.projectState !== 'approved') throw notFound(M.sectionNotFound);
    return { section, side };
  }

  private viewer(caller: SessionUser, side: TradingSide, section: SectionTimeline): repo.Viewer {
    return { side, userId: caller.id, now: this.now(), bidDeadlineAt: section.bidDeadlineAt };
  }

  /** Download rule: parties, centre and supervisors always; a bidder signed up, during the sale. */
  private mayDownload(side: TradingSide, signedUp: boolean, onSale: boolean) {
    if (side === 'bidder') return signedUp && onSale;
    return side !== 'none';
  }

  private sectionActions(
    side: TradingSide,
    section: SectionTimeline,
    signedUp: boolean,
  ): TenderSectionAction[] {
    const at = moments(section, this.now());
    const actions: TenderSectionAction[] = [];
    if (isParty(side) && section.projectState === 'approved' && !at.ended) actions.push('upload');
    if (side === 'bidder' && at.onSale && !signedUp) actions.push('signUp');
    if (CENTRE.includes(side) || side === 'bidder' || (isParty(side) && at.pastDeadline))
      actions.push('records');
    if (CENTRE.includes(side) || (isParty(side) && at.pastDeadline)) actions.push('quantity');
    if (side === 'bidder') actions.push('downloadStatus');
    return actions;
  }

  private documentOf(row: repo.DocumentRow, side: TradingSide, may: { download: boolean; started: boolean }) {
    const document: TenderDocument = {
      id: row.id,
      sectionId: row.sectionId,
      kind: row.kind,
      fileName: row.fileName,
      size: row.size,
      uploadedAt: toChinaTime(row.createdAt),
      version: row.version,
      url: `${TENDER_FILE_PATHS.download}/${row.id}`,
      actions: [
        ...(may.download ? (['download'] as const) : []),
        ...(isParty(side) && !may.started ? (['delete'] as const) : []),
      ],
    };
    return document;
  }

  /** POST /ks/trade/file/files: the section's documents as the caller may see and use them. */
  async documents(caller: SessionUser, ref: TenderSectionRef): Promise<SectionDocuments> {
    const { section, side } = await this.section(this.db, caller, ref.sectionId);
    const at = moments(section, this.now());
    const signedUp =
      side === 'bidder' ? (await repo.findSignUp(this.db, section.id, caller.id)) !== null : null;
    const rows = await repo.documentsOf(this.db, section.id, ref.kind);
    // A bidder sees the documents from the start of the sale (before it they are not issued).
    const hidden = side === 'bidder' && !at.started;
    const notice =
      side !== 'bidder'
        ? null
        : !at.started
          ? `文件发售时间：${at.start} 至 ${at.end}，发售开始后可报名、下载`
          : at.ended
            ? `文件发售期已于${at.end}结束`
            : signedUp
              ? null
              : '报名后可下载文件';
    const download = this.mayDownload(side, signedUp ?? false, at.onSale);
    return {
      sectionId: section.id,
      sectionCode: section.code,
      sectionName: section.name,
      projectName: section.projectName,
      side,
      saleStartAt: at.start,
      saleEndAt: at.end,
      bidDeadlineAt: at.deadline,
      onSale: at.onSale,
      signedUp,
      notice,
      documents: hidden
        ? []
        : rows.map((row) => this.documentOf(row, side, { download, started: at.started })),
      actions: this.sectionActions(side, section, signedUp ?? false),
    };
  }

  /** POST /ks/trade/file/save: the tenderee or agent attaches its own upload before the sale ends. */
  async save(caller: SessionUser, body: TenderDocSaveBody, meta: Meta): Promise<TenderDocument> {
    // Read before the transaction: the file store answers on its own connection.
    const upload = await this.files.get(body.fileId).catch(() => null);
    return this.db.transaction(async (tx) => {
      const { section, side } = await this.section(tx, caller, body.sectionId);
      if (side === 'supervisor') throw forbidden(M.supervisorReadOnly);
      if (!isParty(side)) throw forbidden(M.partiesOnly);
      if (section.projectState !== 'approved') throw badRequest(M.notApproved);
      const at = moments(section, this.now());
      if (at.ended) throw badRequest(M.saleEnded(at.end));
      const file = this.ownUpload(caller, upload);
      if (file.size > this.files.limits.maxFileBytes)
        throw badRequest(UPLOAD_MESSAGES.size(Math.floor(this.files.limits.maxFileBytes / 1024 / 1024)), {
          fileId: UPLOAD_MESSAGES.size(Math.floor(this.files.limits.maxFileBytes / 1024 / 1024)),
        });
      if (await repo.documentWithFile(tx, section.id, file.id))
        throw badRequest(M.duplicate, { fileId: M.duplicate });
      const row = await repo.insertDocument(tx, {
        sectionId: section.id,
        kind: body.kind,
        fileId: file.id,
        fileName: file.fileName,
        size: file.size,
        uploadedBy: caller.id,
      });
      await recordOperation(tx, {
        user: caller,
        action: `上传${TENDER_DOC_KIND_LABELS[body.kind]}`,
        targetType: 'tender_document',
        targetId: row.id,
        targetName: `${section.code} ${file.fileName}`,
        ip: meta.ip,
      });
      return this.documentOf(row, side, { download: true, started: at.started });
    });
  }

  /** A live stored file the caller uploaded itself; anything else is 请先上传文件. */
  private ownUpload(caller: SessionUser, file: StoredFile | null): StoredFile {
    if (!file || file.ownerUserId !== caller.id) throw badRequest(M.fileNotFound, { fileId: M.fileNotFound });
    return file;
  }

  /** POST /ks/trade/file/delete: soft delete by the tenderee or agent, only before the sale starts. */
  async delete(caller: SessionUser, body: TenderDocDeleteBody, meta: Meta): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await repo.findDocument(tx, body.id, true);
      if (!row) throw notFound(M.documentNotFound);
      const { section, side } = await this.section(tx, caller, row.sectionId);
      if (side === 'supervisor') throw forbidden(M.supervisorReadOnly);
      if (!isParty(side)) throw forbidden(M.partiesOnly);
      const at = moments(section, this.now());
      if (at.started) throw badRequest(M.saleStarted(at.start));
      if (row.version !== body.version || !(await repo.softDeleteDocument(tx, row.id, body.version)))
        throw conflict(M.stale);
      await recordOperation(tx, {
        user: caller,
        action: `删除${TENDER_DOC_KIND_LABELS[row.kind]}`,
        targetType: 'tender_document',
        targetId: row.id,
        targetName: `${section.code} ${row.fileName}`,
        ip: meta.ip,
      });
    });
  }

  /** POST /ks/trade/sign-up: an enterprise that is no party of the project, while the sale is open. */
  async signUp(caller: SessionUser, body: SignUpBody | SignUpInput, meta: Meta): Promise<SignUpRow> {
    if (caller.loginRoleType !== 'U') throw forbidden(M.biddersOnly);
    return this.db.transaction(async (tx) => {
      const { section, side } = await this.section(tx, caller, body.sectionId);
      if (isParty(side)) throw forbidden(M.partyCannotSignUp);
      if (side !== 'bidder') throw forbidden(M.biddersOnly);
      const at = moments(section, this.now());
      if (!at.onSale) throw badRequest(M.notOnSale(at.start, at.end));
      if (await repo.findSignUp(tx, section.id, caller.id)) throw badRequest(M.alreadySignedUp);
      const row = await repo.insertSignUp(tx, {
        sectionId: section.id,
        bidderId: caller.id,
        contactName: body.contactName.trim(),
        contactPhone: body.contactPhone.trim(),
      });
      if (!row) throw badRequest(M.alreadySignedUp);
      await recordOperation(tx, {
        user: caller,
        action: '报名',
        targetType: 'trading_section',
        targetId: section.id,
        targetName: `${section.code} ${section.name}`,
        ip: meta.ip,
      });
      return {
        id: row.id,
        bidderName: await repo.bidderNameOf(tx, caller.id),
        contactName: row.contactName,
        contactPhone: row.contactPhone,
        signedUpAt: toChinaTime(row.signedUpAt),
      };
    });
  }

  /**
   * POST /ks/trade/file/records: sign-ups and downloads. Centre and supervisors all; a bidder its
   * own; the tenderee and agent are refused before the bid deadline (403 naming it), all after.
   */
  async records(caller: SessionUser, ref: TenderSectionRef): Promise<DownloadRecords> {
    const { section, side } = await this.section(this.db, caller, ref.sectionId);
    const at = moments(section, this.now());
    if (isParty(side) && !at.pastDeadline) throw forbidden(M.beforeDeadline(at.deadline));
    const viewer = this.viewer(caller, side, section);
    const signUps = await repo.signUpsVisibleTo(this.db, section.id, viewer);
    const downloads = await repo.downloadsVisibleTo(this.db, section.id, viewer);
    return {
      sectionId: section.id,
      signUps: signUps.map((row) => ({
        id: row.id,
        bidderName: row.bidderName,
        contactName: row.contactName,
        contactPhone: row.contactPhone,
        signedUpAt: toChinaTime(row.signedUpAt),
      })),
      downloads: downloads
        .filter((row) => !ref.kind || row.kind === ref.kind)
        .map((row) => ({
          id: row.id,
          documentId: row.documentId,
          fileName: row.fileName,
          kind: row.kind,
          bidderName: row.bidderName,
          downloadedAt: toChinaTime(row.downloadedAt),
          ip: row.ip,
        })),
    };
  }

  /** POST /ks/trade/registrations/quantity: centre and supervisors always; parties after the deadline. */
  async quantity(caller: SessionUser, ref: TenderSectionRef): Promise<SignUpQuantity> {
    const { section, side } = await this.section(this.db, caller, ref.sectionId);
    if (side === 'bidder') throw forbidden(M.biddersNoCount);
    const at = moments(section, this.now());
    if (isParty(side) && !at.pastDeadline) throw forbidden(M.beforeDeadline(at.deadline));
    const count = await repo.countSignUpsVisibleTo(this.db, section.id, this.viewer(caller, side, section));
    return { sectionId: section.id, count };
  }

  /** POST /ks/trade/file/download-status: the bidder's own sign-up and downloads. */
  async downloadStatus(caller: SessionUser, ref: TenderSectionRef): Promise<DownloadStatus> {
    const { section, side } = await this.section(this.db, caller, ref.sectionId);
    if (side !== 'bidder') throw forbidden(M.statusBiddersOnly);
    const signUp = await repo.findSignUp(this.db, section.id, caller.id);
    const firsts = await repo.firstDownloadsOf(this.db, section.id, caller.id);
    const at = moments(section, this.now());
    const rows = at.started ? await repo.documentsOf(this.db, section.id, ref.kind) : [];
    return {
      sectionId: section.id,
      signedUp: signUp !== null,
      signedUpAt: signUp ? toChinaTime(signUp.signedUpAt) : null,
      documents: rows.map((row) => {
        const first = firsts.get(row.id);
        return {
          documentId: row.id,
          fileName: row.fileName,
          kind: row.kind,
          downloaded: first !== undefined && first !== null,
          firstDownloadedAt: first ? toChinaTime(first) : null,
        };
      }),
    };
  }

  /**
   * GET /ks/trade/file/download/:id: the file's bytes. A bidder's download is recorded before the
   * bytes are sent; parties', the centre's and supervisors' go to the operation log.
   */
  async download(caller: SessionUser, id: string, meta: Meta): Promise<{ file: StoredFile; body: Readable }> {
    const row = await repo.findDocument(this.db, id);
    if (!row) throw notFound(M.documentNotFound);
    const { section, side } = await this.section(this.db, caller, row.sectionId);
    const at = moments(section, this.now());
    if (side === 'bidder') {
      if (!at.started) throw notFound(M.documentNotFound);
      if (!(await repo.findSignUp(this.db, section.id, caller.id))) throw forbidden(M.signUpFirst);
      if (!at.onSale) throw forbidden(M.downloadOutsideSale(at.start, at.end));
    }
    const file = await this.files.get(row.fileId);
    const body = await this.files.storage.get(file.storageKey);
    if (side === 'bidder')
      await this.db.transaction(async (tx) => {
        await repo.insertDownload(tx, {
          documentId: row.id,
          sectionId: section.id,
          bidderId: caller.id,
          ip: meta.ip,
        });
        const [downloader] = await downloadersOf(tx, section.id, caller.id);
        if (downloader) await this.afterBidderDownload(tx, section.id, downloader);
      });
    else
      await recordOperation(this.db, {
        user: caller,
        action: `下载${TENDER_DOC_KIND_LABELS[row.kind]}`,
        targetType: 'tender_document',
        targetId: row.id,
        targetName: `${section.code} ${row.fileName}`,
        ip: meta.ip,
      });
    return { file: { ...file, fileName: row.fileName }, body };
  }

  /** POST /ks/trade/file/on-sale: sections on sale now, with the caller's side and buttons. */
  async onSale(caller: SessionUser): Promise<OnSaleSection[]> {
    const sections = await sectionsOnSale(this.db, this.now());
    const signed = await repo.signedUpSections(
      this.db,
      caller.id,
      sections.map((section) => section.id),
    );
    const sides = new Map<string, TradingSide>();
    const answer: OnSaleSection[] = [];
    for (const section of sections) {
      const side = sides.get(section.projectId) ?? (await sideOf(this.db, caller, section.projectId));
      sides.set(section.projectId, side);
      const signedUp = side === 'bidder' ? signed.has(section.id) : null;
      answer.push({
        sectionId: section.id,
        sectionCode: section.code,
        sectionName: section.name,
        projectName: section.projectName,
        saleStartAt: toChinaTime(section.saleStartAt),
        saleEndAt: toChinaTime(section.saleEndAt),
        bidDeadlineAt: toChinaTime(section.bidDeadlineAt),
        side,
        signedUp,
        actions: this.sectionActions(side, section, signedUp ?? false),
      });
    }
    return answer;
  }
}
