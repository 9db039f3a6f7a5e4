import {
  asUserId,
  CLARIFY_MESSAGES,
  type Clarification,
  type ClarificationAction,
  type ClarificationAuditBodySchema,
  type ClarificationFile,
  type ClarificationList,
  type ClarificationListQuery,
  type ClarificationRow,
  type ClarificationSaveBodySchema,
  type ClarificationVersionBody,
  type ClarifySection,
  clarificationFileUrl,
  DEFAULT_TIMELINE_LIMITS,
  type Objection,
  type ObjectionAnswerBodySchema,
  type ObjectionList,
  type ObjectionRaiseBodySchema,
  type ReceivedClarification,
  type TimelineLimits,
  type TradingSide,
  type TradingTimeline,
  type UserId,
} from '@ks/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { UserNotices } from '../../engine/user-notices.ts';
import type { SessionUser } from '../../platform/access.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { recordOperation } from '../../platform/operation-log.ts';
import { addDays, chinaDateOf, workingCalendar } from '../calendar/public.ts';
import {
  approvedSectionTimelines,
  checkTimeline,
  moveBidDeadline,
  partyProjects,
  type SectionTimeline,
  sectionTimeline,
  sideOf,
} from '../trading/public.ts';
import { chinaIso, fromChinaTime, toChinaTime } from './dates.ts';
import * as repo from './repository.ts';
import { actionsFor, CENTRE_SIDES, mayDo, PARTY_SIDES } from './rules.ts';

/**
 * Who downloaded a section's tender documents: the tender-files module's port, handed in at
 * wiring (modules/index.ts), so this module never reads that module's tables.
 */
export type DownloadersOf = (
  db: Db,
  sectionId: string,
) => Promise<{ userId: UserId; enterpriseName: string; downloadedAt: Date }[]>;

/** Enqueues the delivery job of a sent clarification inside the sending transaction. */
export type EnqueueDelivery = (tx: Db, clarificationId: string) => Promise<void>;

export const DELIVER_JOB = 'clarify.deliver-clarification';

type SaveBody = z.output<typeof ClarificationSaveBodySchema>;
type AuditBody = z.output<typeof ClarificationAuditBodySchema>;
type Meta = { ip: string };

/** A project id no project has: the caller's side outside any project (centre, supervisor, bidder, none). */
const NO_PROJECT = '00000000-0000-0000-0000-000000000000';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/**
 * Clarifications and objections of a section's tender documents (decision 0078). A clarification
 * is drafted by the project's tenderee or agent, audited by the centre and sent: the send enqueues
 * a durable job that delivers it to every bidder who downloaded the documents, once each. An
 * objection is raised by a bidder and answered by the tenderee or agent; while it is open the
 * section is paused (public.ts). Sides come from the trading module's port.
 */
export class ClarificationService {
  constructor(
    private readonly db: Db,
    private readonly downloadersOf: DownloadersOf,
    private readonly enqueueDelivery: EnqueueDelivery,
    /** The deployment's limits for the rules of time (TRADING_* configuration). */
    private readonly limits: TimelineLimits = DEFAULT_TIMELINE_LIMITS,
    /** Tells each bidder delivered to, on the push channel (a banner and its message list). */
    private readonly notices: UserNotices | null = null,
    /** The server's clock: every rule of time is checked against it, never the browser's. */
    private readonly now: () => Date = () => new Date(),
  ) {}

  // ---------------------------------------------------------------- clarifications

  private async section(db: Db, sectionId: string): Promise<SectionTimeline> {
    const section = await sectionTimeline(db, sectionId);
    if (!section) throw notFound(CLARIFY_MESSAGES.sectionNotFound);
    return section;
  }

  /** The clarification as `caller` may see it, with its side; not found to anyone it is hidden from. */
  private async visible(db: Db, caller: SessionUser, id: string, lock = false) {
    const row = await repo.findClarification(db, id, lock);
    if (!row) throw notFound(CLARIFY_MESSAGES.notFound);
    const side = await sideOf(db, caller, row.projectId);
    const seen = PARTY_SIDES.includes(side) || (CENTRE_SIDES.includes(side) && row.state !== 'draft');
    if (!seen) throw notFound(CLARIFY_MESSAGES.notFound);
    return { row, side };
  }

  private check(action: ClarificationAction, side: TradingSide, row: repo.ClarificationRow, version: number) {
    if (side === 'supervisor') throw forbidden(CLARIFY_MESSAGES.supervisorReadOnly);
    if (!mayDo(action, side, row.state)) throw forbidden(CLARIFY_MESSAGES.notAllowed);
    if (version !== row.version) throw conflict(CLARIFY_MESSAGES.stale);
  }

  private async bidDeadlineOf(db: Db, sectionId: string): Promise<Date | null> {
    return (await sectionTimeline(db, sectionId))?.bidDeadlineAt ?? null;
  }

  private rowOf(
    row: repo.ClarificationRow,
    side: TradingSide,
    bidDeadlineAt: Date | null,
  ): Omit<ClarificationRow, 'deliveredCount' | 'receivedCount'> {
    return {
      id: row.id,
      sectionId: row.sectionId,
      sectionCode: row.sectionCode,
      sectionName: row.sectionName,
      projectId: row.projectId,
      projectName: row.projectName,
      title: row.title,
      state: row.state,
      newBidDeadlineAt: row.newBidDeadlineAt ? toChinaTime(row.newBidDeadlineAt) : '',
      bidDeadlineAt: bidDeadlineAt ? toChinaTime(bidDeadlineAt) : '',
      returnReason: row.returnReason,
      createdByName: row.createdByName,
      sentAt: iso(row.sentAt),
      updatedAt: row.updatedAt.toISOString(),
      version: row.version,
      side,
      actions: actionsFor(side, row.state),
    };
  }

  private async clarificationOf(
    db: Db,
    row: repo.ClarificationRow,
    side: TradingSide,
  ): Promise<Clarification> {
    const deliveries = await repo.deliveriesOf(db, row.id);
    const history = await repo.historyOf(db, row.id);
    return {
      ...this.rowOf(row, side, await this.bidDeadlineOf(db, row.sectionId)),
      content: row.content,
      files: await filesOf(db, row.id),
      receipts: deliveries.map((delivery) => ({
        id: delivery.id,
        bidderId: asUserId(delivery.bidderId),
        enterpriseName: delivery.enterpriseName,
        downloadedAt: delivery.downloadedAt.toISOString(),
        deliveredAt: delivery.deliveredAt.toISOString(),
        receivedAt: iso(delivery.receivedAt),
      })),
      history: history.map((entry) => ({
        at: entry.at.toISOString(),
        actorName: entry.actorName,
        action: entry.action,
        reason: entry.reason,
      })),
    };
  }

  /** The sides of the caller on each project (one query per project). */
  private async sidesOn(caller: SessionUser, projectIds: readonly string[]) {
    const sides = new Map<string, TradingSide>();
    for (const projectId of new Set(projectIds))
      sides.set(projectId, await sideOf(this.db, caller, projectId));
    return sides;
  }

  /** The clarifications the caller may see: its projects' (parties), all submitted ones (the centre). */
  async list(caller: SessionUser, query: ClarificationListQuery): Promise<ClarificationList> {
    const callerSide = await sideOf(this.db, caller, NO_PROJECT);
    const centre = CENTRE_SIDES.includes(callerSide);
    const mayDraft = caller.loginRoleType === 'U';
    const filter: repo.ClarificationFilter = {
      ...(query.state ? { state: query.state } : {}),
      ...(query.sectionId ? { sectionId: query.sectionId } : {}),
    };
    if (centre) filter.withoutDrafts = true;
    else if (mayDraft) filter.projectIds = await partyProjects(this.db, caller.id);
    else return { mayDraft, records: [] };
    const rows = await repo.listClarifications(this.db, filter);
    const sides = centre
      ? null
      : await this.sidesOn(
          caller,
          rows.map(({ clarification }) => clarification.projectId),
        );
    const deadlines = new Map<string, Date | null>();
    for (const { clarification } of rows)
      if (!deadlines.has(clarification.sectionId))
        deadlines.set(clarification.sectionId, await this.bidDeadlineOf(this.db, clarification.sectionId));
    return {
      mayDraft,
      records: rows.map(({ clarification, deliveredCount, receivedCount }) => ({
        ...this.rowOf(
          clarification,
          sides?.get(clarification.projectId) ?? callerSide,
          deadlines.get(clarification.sectionId) ?? null,
        ),
        deliveredCount,
        receivedCount,
      })),
    };
  }

  async detail(caller: SessionUser, id: string): Promise<Clarification> {
    const { row, side } = await this.visible(this.db, caller, id);
    return this.clarificationOf(this.db, row, side);
  }

  /** The sections the caller may draft for: live sections of its approved projects, deadline ahead. */
  async draftSections(caller: SessionUser): Promise<ClarifySection[]> {
    if (caller.loginRoleType !== 'U') return [];
    const now = this.now().getTime();
    return (await approvedSectionTimelines(this.db, caller.id))
      .filter((section) => section.bidDeadlineAt.getTime() > now)
      .map(sectionChoice);
  }

  /** A moved deadline must lie after the section's deadline now. */
  private newDeadline(body: SaveBody, section: SectionTimeline): Date | null {
    if (body.newBidDeadlineAt === '') return null;
    const moved = fromChinaTime(body.newBidDeadlineAt);
    if (Number.isNaN(moved.getTime()) || moved.getTime() <= section.bidDeadlineAt.getTime())
      throw badRequest(CLARIFY_MESSAGES.deadlineNotLater, {
        newBidDeadlineAt: CLARIFY_MESSAGES.deadlineNotLater,
      });
    return moved;
  }

  /** POST /ks/clarify/file/save: drafts a clarification on a section of the caller's project, or edits one. */
  async save(caller: SessionUser, body: SaveBody, meta: Meta): Promise<Clarification> {
    return this.db.transaction(async (tx) => {
      if (body.id === undefined) {
        const section = await this.section(tx, body.sectionId);
        const side = await sideOf(tx, caller, section.projectId);
        if (side === 'supervisor') throw forbidden(CLARIFY_MESSAGES.supervisorReadOnly);
        // A section of a project the caller is no party of is as unknown to it as a missing one.
        if (!PARTY_SIDES.includes(side)) throw notFound(CLARIFY_MESSAGES.sectionNotFound);
        if (section.projectState !== 'approved')
          throw badRequest(CLARIFY_MESSAGES.projectNotApproved, {
            sectionId: CLARIFY_MESSAGES.projectNotApproved,
          });
        const row = await repo.insertClarification(tx, {
          sectionId: section.id,
          projectId: section.projectId,
          sectionCode: section.code,
          sectionName: section.name,
          projectName: section.projectName,
          title: body.title,
          content: body.content,
          newBidDeadlineAt: this.newDeadline(body, section),
          createdBy: caller.id,
          createdByName: caller.userName,
        });
        await this.attach(tx, caller, null, row.id, body.fileIds);
        await this.written(tx, caller, row, '起草澄清', meta);
        return this.clarificationOf(tx, row, side);
      }
      const { row, side } = await this.visible(tx, caller, body.id, true);
      this.check('edit', side, row, body.version ?? -1);
      // The section is fixed at drafting: the clarification is of that section's documents.
      const section = await this.section(tx, row.sectionId);
      const updated = await repo.updateClarification(tx, row.id, row.version, {
        title: body.title,
        content: body.content,
        newBidDeadlineAt: this.newDeadline(body, section),
      });
      if (!updated) throw conflict(CLARIFY_MESSAGES.stale);
      await this.attach(tx, caller, row.id, row.id, body.fileIds);
      await this.written(tx, caller, updated, '修改澄清', meta);
      return this.clarificationOf(tx, updated, side);
    });
  }

  /** The attachments become the listed files: the caller's own uploads or files already attached. */
  private async attach(
    tx: Db,
    caller: SessionUser,
    existing: string | null,
    id: string,
    fileIds: readonly string[],
  ) {
    const wanted = [...new Set(fileIds)];
    const usable = new Set(await repo.usableFiles(tx, existing, caller.id, wanted));
    const missing = wanted.findIndex((fileId) => !usable.has(fileId));
    if (missing >= 0)
      throw badRequest(CLARIFY_MESSAGES.fileNotFound, {
        [`fileIds.${missing}`]: CLARIFY_MESSAGES.fileNotFound,
      });
    await repo.setFiles(tx, id, wanted);
  }

  /**
   * An attachment the caller may read: the clarification is visible to it (its parties, the centre
   * and supervisors once submitted) or was delivered to it; anything else is 附件不存在.
   */
  async attachment(caller: SessionUser, clarificationId: string, fileId: string): Promise<void> {
    const row = await repo.findClarification(this.db, clarificationId);
    if (!row || !(await repo.isAttached(this.db, row.id, fileId)))
      throw notFound(CLARIFY_MESSAGES.fileNotFound);
    if (await repo.isDeliveredTo(this.db, row.id, caller.id)) return;
    try {
      await this.visible(this.db, caller, row.id);
    } catch {
      throw notFound(CLARIFY_MESSAGES.fileNotFound);
    }
  }

  private async written(
    tx: Db,
    caller: SessionUser,
    row: repo.ClarificationRow,
    action: string,
    meta: Meta,
    reason = '',
  ) {
    await repo.insertHistory(tx, {
      clarificationId: row.id,
      actorId: caller.id,
      actorName: caller.userName,
      action,
      reason,
    });
    await recordOperation(tx, {
      user: caller,
      action,
      targetType: 'clarification',
      targetId: row.id,
      targetName: `${row.sectionCode} ${row.title}`,
      ...(reason ? { detail: reason } : {}),
      ip: meta.ip,
    });
  }

  /** One state change checked against the rule table at the version the caller read. */
  private async transition(
    caller: SessionUser,
    body: ClarificationVersionBody,
    action: ClarificationAction,
    change: (
      tx: Db,
      row: repo.ClarificationRow,
    ) => Promise<{ values: Partial<repo.ClarificationRow>; label: string; reason?: string }>,
    meta: Meta,
  ): Promise<Clarification> {
    return this.db.transaction(async (tx) => {
      const { row, side } = await this.visible(tx, caller, body.id, true);
      this.check(action, side, row, body.version);
      const { values, label, reason } = await change(tx, row);
      const updated = await repo.updateClarification(tx, row.id, row.version, values);
      if (!updated) throw conflict(CLARIFY_MESSAGES.stale);
      await this.written(tx, caller, updated, label, meta, reason);
      if (updated.state === 'sent') await this.enqueueDelivery(tx, updated.id);
      return this.clarificationOf(tx, updated, side);
    });
  }

  submit(caller: SessionUser, body: ClarificationVersionBody, meta: Meta) {
    return this.transition(
      caller,
      body,
      'submit',
      async () => ({ values: { state: 'submitted', returnReason: '' }, label: '提交审核' }),
      meta,
    );
  }

  audit(caller: SessionUser, body: AuditBody, meta: Meta) {
    const approve = body.decision === 'approve';
    return this.transition(
      caller,
      body,
      body.decision,
      async () => ({
        values: approve ? { state: 'approved' } : { state: 'returned', returnReason: body.reason },
        label: approve ? '审核通过' : '退回',
        reason: body.reason,
      }),
      meta,
    );
  }

  /** 撤回 before sending: a submitted or approved clarification goes back to a draft. */
  revoke(caller: SessionUser, body: ClarificationVersionBody, meta: Meta) {
    return this.transition(
      caller,
      body,
      'revoke',
      async () => ({ values: { state: 'draft' }, label: '撤回' }),
      meta,
    );
  }

  /** Deletes a draft (soft): it stays in the database with its history, gone from every list. */
  async delete(caller: SessionUser, body: ClarificationVersionBody, meta: Meta): Promise<void> {
    await this.db.transaction(async (tx) => {
      const { row, side } = await this.visible(tx, caller, body.id, true);
      this.check('delete', side, row, body.version);
      const deleted = await repo.updateClarification(tx, row.id, row.version, { deletedAt: this.now() });
      if (!deleted) throw conflict(CLARIFY_MESSAGES.stale);
      await this.written(tx, caller, row, '删除澄清', meta);
    });
  }

  /**
   * Sends an approved clarification (decision 0078): refused after the deadline; when fewer than
   * the configured days (15) remain before the deadline, refused with the rule's message unless
   * the draft carries a new deadline the rule allows, which is then written through trading's port
   * (its history names the move). Delivery is a durable job enqueued in the same transaction.
   */
  send(caller: SessionUser, body: ClarificationVersionBody, meta: Meta) {
    return this.transition(
      caller,
      body,
      'send',
      async (tx, row) => {
        const now = this.now();
        const section = await this.section(tx, row.sectionId);
        if (section.bidDeadlineAt.getTime() <= now.getTime())
          throw badRequest(CLARIFY_MESSAGES.deadlinePassed);
        const moved = row.newBidDeadlineAt;
        if (moved && moved.getTime() <= section.bidDeadlineAt.getTime())
          throw badRequest(CLARIFY_MESSAGES.deadlineNotLater, {
            newBidDeadlineAt: CLARIFY_MESSAGES.deadlineNotLater,
          });
        const late = await this.clarificationBreach(tx, section, now, section.bidDeadlineAt);
        if (late && !moved) throw badRequest(late, { newBidDeadlineAt: late });
        if (moved) {
          const still = await this.clarificationBreach(tx, section, now, moved);
          if (still) throw badRequest(still, { newBidDeadlineAt: still });
          await moveBidDeadline(tx, {
            sectionId: section.id,
            bidDeadlineAt: moved,
            actorId: caller.id,
            actorName: caller.userName,
            reason: `发出澄清：${row.title}`,
          });
        }
        return {
          values: { state: 'sent', sentAt: now },
          label: '发送澄清',
          reason: moved ? `投标截止时间顺延至${toChinaTime(moved)}` : '',
        };
      },
      meta,
    );
  }

  /**
   * The rule of time for a clarification sent `at` with the deadline `deadline` (trading's
   * `checkTimeline`, on the centre's calendar): the message of the breach (too late, or a moved
   * deadline on a rest day), or null.
   */
  private async clarificationBreach(
    db: Db,
    section: SectionTimeline,
    at: Date,
    deadline: Date,
  ): Promise<string | null> {
    const shift = deadline.getTime() - section.bidDeadlineAt.getTime();
    const timeline: TradingTimeline = {
      noticeAt: chinaIso(section.noticeAt),
      saleStart: chinaIso(section.saleStartAt),
      saleEnd: chinaIso(section.saleEndAt),
      bidDeadline: chinaIso(deadline),
      openingAt: chinaIso(new Date(section.openingAt.getTime() + shift)),
      clarificationAt: chinaIso(at),
    };
    const from = chinaDateOf(at);
    const calendar = await workingCalendar(
      db,
      from,
      addDays(chinaDateOf(deadline), this.limits.clarificationDays + 30),
    );
    const breach = checkTimeline(timeline, calendar, this.limits).find(
      (found) =>
        found.rule === 'CLARIFICATION_TOO_LATE' || (shift !== 0 && found.rule === 'DEADLINE_ON_REST_DAY'),
    );
    return breach?.message ?? null;
  }

  /**
   * The delivery job's work: every bidder who downloaded the section's documents gets one row
   * (ON CONFLICT DO NOTHING), so a run repeated after an instance died adds only those missing.
   * Answers how many rows it added.
   */
  async deliver(clarificationId: string): Promise<number> {
    const row = await repo.findClarification(this.db, clarificationId);
    if (row?.state !== 'sent') return 0;
    const downloaders = await this.downloadersOf(this.db, row.sectionId);
    return this.db.transaction(async (tx) => {
      const added = await repo.insertDeliveries(
        tx,
        row.id,
        downloaders.map((downloader) => ({
          bidderId: downloader.userId,
          enterpriseName: downloader.enterpriseName,
          downloadedAt: downloader.downloadedAt,
        })),
      );
      // Only the rows this run added: a bidder is told once, with its delivery.
      for (const bidderId of added)
        await this.notices?.sendJobResult(tx, {
          userId: bidderId,
          title: '收到澄清文件',
          messages: `${row.projectName} ${row.sectionCode} ${row.sectionName}：${row.title}。请在“收到的澄清”中查看并确认收到。`,
        });
      return added.length;
    });
  }

  /** A bidder's own deliveries; nobody else's, and no other bidder's receipt. */
  async received(caller: SessionUser): Promise<ReceivedClarification[]> {
    const rows = await repo.deliveriesTo(this.db, caller.id);
    const deadlines = new Map<string, Date | null>();
    for (const { clarification } of rows)
      if (!deadlines.has(clarification.sectionId))
        deadlines.set(clarification.sectionId, await this.bidDeadlineOf(this.db, clarification.sectionId));
    const answers: ReceivedClarification[] = [];
    for (const { delivery, clarification } of rows)
      answers.push(
        receivedOf(
          delivery,
          clarification,
          deadlines.get(clarification.sectionId) ?? null,
          await filesOf(this.db, clarification.id),
        ),
      );
    return answers;
  }

  /** 确认收到 of the caller's own delivery; a second confirmation keeps the first time. */
  async receipt(caller: SessionUser, deliveryId: string, meta: Meta): Promise<ReceivedClarification> {
    const found = await this.db.transaction(async (tx) => {
      if (!(await repo.markReceived(tx, deliveryId, caller.id, this.now())))
        throw notFound(CLARIFY_MESSAGES.deliveryNotFound);
      const [row] = await repo.deliveriesTo(tx, caller.id, deliveryId);
      if (!row) throw notFound(CLARIFY_MESSAGES.deliveryNotFound);
      await recordOperation(tx, {
        user: caller,
        action: '确认收到澄清',
        targetType: 'clarification',
        targetId: row.clarification.id,
        targetName: `${row.clarification.sectionCode} ${row.clarification.title}`,
        ip: meta.ip,
      });
      return row;
    });
    return receivedOf(
      found.delivery,
      found.clarification,
      await this.bidDeadlineOf(this.db, found.clarification.sectionId),
      await filesOf(this.db, found.clarification.id),
    );
  }

  // ---------------------------------------------------------------- objections

  private objectionOf(row: repo.ObjectionRow, side: TradingSide): Objection {
    return {
      id: row.id,
      sectionId: row.sectionId,
      sectionCode: row.sectionCode,
      sectionName: row.sectionName,
      projectName: row.projectName,
      raisedByName: row.raisedByName,
      content: row.content,
      raisedAt: row.raisedAt.toISOString(),
      answerDue: addDays(chinaDateOf(row.raisedAt), this.limits.objectionAnswerDays),
      state: row.state,
      answer: row.answer,
      answeredAt: iso(row.answeredAt),
      answeredByName: row.answeredByName,
      version: row.version,
      side,
      actions: PARTY_SIDES.includes(side) && row.state === 'open' ? ['answer'] : [],
    };
  }

  /** The sections a bidder may object to: approved, deadline ahead, not its own projects. */
  async objectionSections(caller: SessionUser): Promise<ClarifySection[]> {
    if (caller.loginRoleType !== 'U') return [];
    const own = new Set(await partyProjects(this.db, caller.id));
    const now = this.now().getTime();
    return (await approvedSectionTimelines(this.db, null))
      .filter((section) => !own.has(section.projectId) && section.bidDeadlineAt.getTime() > now)
      .map(sectionChoice);
  }

  /** A bidder's own objections; a party's projects' objections; all to the centre and supervisors. */
  async objections(caller: SessionUser): Promise<ObjectionList> {
    const callerSide = await sideOf(this.db, caller, NO_PROJECT);
    const centre = CENTRE_SIDES.includes(callerSide);
    const mayRaise = caller.loginRoleType === 'U';
    if (!centre && !mayRaise) return { mayRaise, records: [] };
    const rows = centre
      ? await repo.listObjections(this.db, {})
      : await repo.listObjections(this.db, {
          raisedBy: caller.id,
          projectIds: await partyProjects(this.db, caller.id),
        });
    const sides = centre
      ? null
      : await this.sidesOn(
          caller,
          rows.map((row) => row.projectId),
        );
    return {
      mayRaise,
      records: rows.map((row) => this.objectionOf(row, sides?.get(row.projectId) ?? callerSide)),
    };
  }

  /**
   * A bidder raises an objection to a section's documents, no later than the configured days (10)
   * before the deadline (条例 第22条): refused with the rule's message naming the dates.
   */
  async raise(
    caller: SessionUser,
    body: z.output<typeof ObjectionRaiseBodySchema>,
    meta: Meta,
  ): Promise<Objection> {
    return this.db.transaction(async (tx) => {
      const section = await sectionTimeline(tx, body.sectionId);
      // Sections of projects not yet approved are not published: unknown to a bidder.
      if (section?.projectState !== 'approved') throw notFound(CLARIFY_MESSAGES.sectionNotFound);
      const side = await sideOf(tx, caller, section.projectId);
      if (side !== 'bidder') throw forbidden(CLARIFY_MESSAGES.objectionBiddersOnly);
      const now = this.now();
      if (section.bidDeadlineAt.getTime() <= now.getTime()) throw badRequest(CLARIFY_MESSAGES.deadlinePassed);
      const timeline: TradingTimeline = {
        noticeAt: chinaIso(section.noticeAt),
        saleStart: chinaIso(section.saleStartAt),
        saleEnd: chinaIso(section.saleEndAt),
        bidDeadline: chinaIso(section.bidDeadlineAt),
        openingAt: chinaIso(section.openingAt),
        objectionAt: chinaIso(now),
      };
      const calendar = await workingCalendar(tx, chinaDateOf(now), chinaDateOf(section.bidDeadlineAt));
      const late = checkTimeline(timeline, calendar, this.limits).find(
        (found) => found.rule === 'OBJECTION_TOO_LATE',
      );
      if (late) throw badRequest(late.message, { sectionId: late.message });
      const row = await repo.insertObjection(tx, {
        sectionId: section.id,
        projectId: section.projectId,
        sectionCode: section.code,
        sectionName: section.name,
        projectName: section.projectName,
        raisedBy: caller.id,
        raisedByName: await repo.displayNameOf(tx, caller.id),
        content: body.content,
        raisedAt: now,
      });
      await recordOperation(tx, {
        user: caller,
        action: '提出异议',
        targetType: 'clarification_objection',
        targetId: row.id,
        targetName: `${section.code} ${section.name}`,
        ip: meta.ip,
      });
      return this.objectionOf(row, side);
    });
  }

  /** The tenderee or agent answers an open objection; the section's pause ends with the last one. */
  async answer(
    caller: SessionUser,
    body: z.output<typeof ObjectionAnswerBodySchema>,
    meta: Meta,
  ): Promise<Objection> {
    return this.db.transaction(async (tx) => {
      const row = await repo.findObjection(tx, body.id, true);
      if (!row) throw notFound(CLARIFY_MESSAGES.objectionNotFound);
      const side = await sideOf(tx, caller, row.projectId);
      const seen = row.raisedBy === caller.id || PARTY_SIDES.includes(side) || CENTRE_SIDES.includes(side);
      if (!seen) throw notFound(CLARIFY_MESSAGES.objectionNotFound);
      if (side === 'supervisor') throw forbidden(CLARIFY_MESSAGES.supervisorReadOnly);
      if (!PARTY_SIDES.includes(side)) throw forbidden(CLARIFY_MESSAGES.objectionPartiesOnly);
      if (row.state !== 'open') throw conflict(CLARIFY_MESSAGES.objectionAnswered);
      if (row.version !== body.version) throw conflict(CLARIFY_MESSAGES.objectionStale);
      const answered = await repo.answerObjection(tx, row.id, row.version, {
        answer: body.answer,
        answeredBy: caller.id,
        answeredByName: caller.userName,
        answeredAt: this.now(),
      });
      if (!answered) throw conflict(CLARIFY_MESSAGES.objectionStale);
      await recordOperation(tx, {
        user: caller,
        action: '答复异议',
        targetType: 'clarification_objection',
        targetId: row.id,
        targetName: `${row.sectionCode} ${row.sectionName}`,
        ip: meta.ip,
      });
      return this.objectionOf(answered, side);
    });
  }
}

const sectionChoice = (section: SectionTimeline): ClarifySection => ({
  id: section.id,
  code: section.code,
  name: section.name,
  projectName: section.projectName,
  bidDeadlineAt: toChinaTime(section.bidDeadlineAt),
});

/** A clarification's attachments with their download addresses. */
async function filesOf(db: Db, clarificationId: string): Promise<ClarificationFile[]> {
  return (await repo.filesOf(db, clarificationId)).map((file) => ({
    ...file,
    url: clarificationFileUrl(clarificationId, file.id),
  }));
}

function receivedOf(
  delivery: repo.DeliveryRow,
  clarification: repo.ClarificationRow,
  bidDeadlineAt: Date | null,
  files: ClarificationFile[],
): ReceivedClarification {
  return {
    id: delivery.id,
    clarificationId: clarification.id,
    title: clarification.title,
    content: clarification.content,
    files,
    sectionCode: clarification.sectionCode,
    sectionName: clarification.sectionName,
    projectName: clarification.projectName,
    bidDeadlineAt: bidDeadlineAt ? toChinaTime(bidDeadlineAt) : '',
    deliveredAt: delivery.deliveredAt.toISOString(),
    receivedAt: iso(delivery.receivedAt),
    actions: delivery.receivedAt ? [] : ['receive'],
  };
}
