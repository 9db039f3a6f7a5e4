import {
  DEFAULT_TIMELINE_LIMITS,
  type NativeValue,
  type TimelineLimits,
  TRADE_NOTICE_MESSAGES,
  TRADE_NOTICE_NODE_OF,
  type TradeNotice,
  type TradeNoticeKind,
  type TradeNoticeListQuery,
} from '@ks/contract';
import type { Db } from '../../db/client.ts';
import { refuse } from '../../engine/lifecycle.ts';
import type { UserNotices } from '../../engine/user-notices.ts';
import type { SessionUser } from '../../platform/access.ts';
import { notFound } from '../../platform/errors.ts';
import { chinaDateOf, workingCalendar } from '../calendar/public.ts';
import { signedUpBidders } from '../tender-files/public.ts';
import {
  checkTimeline,
  type NoticeSection,
  noticeSections,
  readableSections,
  sideOf,
} from '../trading/public.ts';
import { fromChinaTime, isoChinaTime, toChinaTime } from './dates.ts';
import { COMPOSED_FIELD, NOTICE_FIELD } from './fields.ts';
import { refreshTargetDictionary } from './options.ts';
import * as repo from './repository.ts';

/**
 * The notices' rules (decision 0076): who may write a notice, what it is composed of, the rules of
 * time it obeys, and what send, spread and the publishing job do with the module's own rows.
 */

const KIND_OF_NODE = new Map<string, TradeNoticeKind>(
  (Object.entries(TRADE_NOTICE_NODE_OF) as [TradeNoticeKind, string][]).map(([kind, gn]) => [gn, kind]),
);
export const kindOfNode = (gnCoding: string) => KIND_OF_NODE.get(gnCoding);

const text = (value: NativeValue | undefined) => (typeof value === 'string' ? value : '');
const money = (value: number | null) => (value === null ? '' : value.toFixed(2));
/** No project is asked for: centre accounts' side does not depend on one. */
const NO_PROJECT = '00000000-0000-0000-0000-000000000000';

type Caller = Pick<SessionUser, 'id' | 'loginRoleType'>;

export async function isSupervisor(db: Db, user: Caller): Promise<boolean> {
  return user.loginRoleType === 'M' && (await sideOf(db, user, NO_PROJECT)) === 'supervisor';
}

/** The section of a notice, when `user` is the tenderee or agent of its approved project. */
async function partySection(db: Db, user: Caller, sectionId: string): Promise<NoticeSection | null> {
  if (user.loginRoleType !== 'U' || !sectionId) return null;
  const [section] = await noticeSections(db, { partyUserId: user.id, sectionId });
  return section ?? null;
}

/** What a notice composes from its section: read-only in the form, never taken from the browser. */
export function composedValues(section: NoticeSection): Record<string, string> {
  return {
    [COMPOSED_FIELD.projectName]: section.projectName,
    [COMPOSED_FIELD.projectCode]: section.projectCode,
    [COMPOSED_FIELD.sectionName]: `${section.code} ${section.name}`,
    [COMPOSED_FIELD.sectionType]: section.type,
    [COMPOSED_FIELD.estimatePrice]: money(section.estimatePrice),
    [COMPOSED_FIELD.controlPrice]:
      section.controlPrice === null ? section.controlPriceNote : money(section.controlPrice),
    [COMPOSED_FIELD.saleStart]: toChinaTime(section.saleStartAt),
    [COMPOSED_FIELD.saleEnd]: toChinaTime(section.saleEndAt),
    [COMPOSED_FIELD.bidDeadline]: toChinaTime(section.bidDeadlineAt),
    [COMPOSED_FIELD.openingAt]: toChinaTime(section.openingAt),
  };
}

/**
 * The rules of time a notice obeys: its publish time is not in the past (the server's clock), and
 * for a tender or prequalification notice the section's timeline with the notice published then
 * keeps trading's statutory rules (decision 0074: the sale cannot start before the notice, issue to
 * deadline ≥ 20 days…). A rule the publish time breaks is shown under 发布时间, others as a dialog.
 */
async function checkTimes(
  db: Db,
  kind: TradeNoticeKind,
  section: NoticeSection,
  publishAt: Date,
  now: Date,
  limits: TimelineLimits,
) {
  if (publishAt.getTime() < now.getTime())
    refuse(TRADE_NOTICE_MESSAGES.publishInPast, NOTICE_FIELD.publishAt);
  if (kind === 'change') return;
  const first = Math.min(publishAt.getTime(), section.saleStartAt.getTime());
  const calendar = await workingCalendar(
    db,
    chinaDateOf(new Date(first)),
    chinaDateOf(new Date(Math.max(section.openingAt.getTime(), section.bidDeadlineAt.getTime()))),
  );
  const [breach] = checkTimeline(
    {
      noticeAt: isoChinaTime(publishAt),
      saleStart: isoChinaTime(section.saleStartAt),
      saleEnd: isoChinaTime(section.saleEndAt),
      bidDeadline: isoChinaTime(section.bidDeadlineAt),
      openingAt: isoChinaTime(section.openingAt),
    },
    calendar,
    limits,
  );
  if (breach)
    refuse(
      breach.message,
      breach.field === 'noticeAt' || breach.field === 'saleStart' ? NOTICE_FIELD.publishAt : undefined,
    );
}

/** The sent original a change notice names, which must be of the same section. */
async function requireTarget(db: Db, targetId: string, sectionId: string) {
  const target = targetId ? await repo.findNotice(db, targetId) : null;
  if (target?.versionNo !== 1) refuse(TRADE_NOTICE_MESSAGES.targetNotFound, NOTICE_FIELD.target);
  if (target.sectionId !== sectionId) refuse(TRADE_NOTICE_MESSAGES.targetOtherSection, NOTICE_FIELD.target);
  return target;
}

export type NoticeCheck = {
  db: Db;
  user: Caller;
  kind: TradeNoticeKind;
  values: Record<string, NativeValue>;
  now: Date;
  limits?: TimelineLimits;
};

/**
 * Checks a notice about to be saved or submitted: only the tenderee or agent of an approved
 * project's section writes one; its times; a change notice's target. Answers the section.
 */
export async function checkNotice({ db, user, kind, values, now, limits }: NoticeCheck) {
  if (user.loginRoleType !== 'U') refuse(TRADE_NOTICE_MESSAGES.partiesOnly);
  const section = await partySection(db, user, text(values[NOTICE_FIELD.section]));
  if (!section) refuse(TRADE_NOTICE_MESSAGES.sectionNotYours, NOTICE_FIELD.section);
  const publishAt = fromChinaTime(text(values[NOTICE_FIELD.publishAt]));
  if (!publishAt) refuse(TRADE_NOTICE_MESSAGES.publishInPast, NOTICE_FIELD.publishAt);
  await checkTimes(db, kind, section, publishAt, now, limits ?? DEFAULT_TIMELINE_LIMITS);
  if (kind === 'change') await requireTarget(db, text(values[NOTICE_FIELD.target]), section.id);
  return section;
}

/** Who may send or spread a notice: the tenderee or agent of its section, or the centre (not a supervisor). */
async function requireSender(db: Db, user: Caller, sectionId: string) {
  if (user.loginRoleType === 'M' && !(await isSupervisor(db, user))) return;
  if (user.loginRoleType === 'M') refuse(TRADE_NOTICE_MESSAGES.supervisorReadsOnly);
  if (!(await partySection(db, user, sectionId))) refuse(TRADE_NOTICE_MESSAGES.sendersOnly);
}

/**
 * 发送: an approved notice is scheduled for its publish time (its row written here, a snapshot of
 * what was approved); the publishing job publishes it then, or at its next tick when the time has
 * passed meanwhile. A change notice becomes the next version of the notice it names.
 */
export async function sendNotice(
  tx: Db,
  user: Caller,
  record: { id: string; values: Record<string, NativeValue> },
  gnCoding: string,
  now = new Date(),
  notices: UserNotices | null = null,
) {
  const kind = kindOfNode(gnCoding);
  if (!kind) return;
  const { values } = record;
  const sectionId = text(values[NOTICE_FIELD.section]);
  await requireSender(tx, user, sectionId);
  await repo.advisoryLock(tx, `ks.trade-notices.record:${record.id}`);
  if (await repo.noticeOfRecord(tx, record.id)) refuse(TRADE_NOTICE_MESSAGES.alreadySent);
  const [section] = await noticeSections(tx, { sectionId });
  if (!section) refuse(TRADE_NOTICE_MESSAGES.sectionNotYours);
  const publishAt = fromChinaTime(text(values[NOTICE_FIELD.publishAt]));
  if (!publishAt) refuse(TRADE_NOTICE_MESSAGES.publishInPast);
  let chainId: string | null = null;
  let versionNo = 1;
  if (kind === 'change') {
    const target = await requireTarget(tx, text(values[NOTICE_FIELD.target]), sectionId);
    chainId = target.id;
    await repo.advisoryLock(tx, `ks.trade-notices.chain:${chainId}`);
    versionNo = await repo.nextVersionOf(tx, chainId);
  }
  const composed = Object.fromEntries(
    Object.values(COMPOSED_FIELD).map((code) => [code, text(values[code])]),
  );
  const row = await repo.insertNotice(tx, {
    recordId: record.id,
    gnCoding,
    kind,
    chainId,
    versionNo,
    sectionId,
    projectId: section.projectId,
    title: text(values[NOTICE_FIELD.title]),
    body: text(values[NOTICE_FIELD.body]),
    composed,
    publishAt,
    sentBy: user.id,
  });
  // Its time already reached (approved after it): published now, by the job's own conditional
  // UPDATE limited to this row, in this transaction; a later time waits for the job's tick.
  await announcePublished(tx, await repo.publishDue(tx, now, { id: row.id }), notices);
  // A sent original may now be changed: the change notices' select offers it.
  if (kind !== 'change') await refreshTargetDictionary(tx);
}

/** 展开: a published notice is marked spread to the portal (the portal reads `publishedNotices`). */
export async function spreadNotice(tx: Db, user: Caller, recordId: string, now: Date) {
  const notice = await repo.noticeOfRecord(tx, recordId);
  if (notice?.state !== 'published') refuse(TRADE_NOTICE_MESSAGES.notPublished);
  await requireSender(tx, user, notice.sectionId);
  if (!(await repo.markSpread(tx, notice.id, user.id, now))) refuse(TRADE_NOTICE_MESSAGES.alreadySpread);
}

/**
 * The bidders hear of a notice published (decision 0076, "Bidders hear of a published notice"):
 * every bidder signed up for its section gets a platform notice, in the transaction that published
 * it, so each is told once with the publication. Before the sale nobody has signed up: an original
 * notice is read on the notices' list and the portal; a change notice reaches those it concerns.
 */
export async function announcePublished(
  tx: Db,
  rows: readonly repo.NoticeRow[],
  notices: UserNotices | null,
) {
  if (!notices) return;
  for (const row of rows) {
    const bidders = await signedUpBidders(tx, row.sectionId);
    if (bidders.length === 0) continue;
    const [section] = await noticeSections(tx, { sectionId: row.sectionId });
    const where = section ? `${section.projectName} ${section.code} ${section.name}` : '';
    const label = row.kind === 'change' ? '变更公告' : row.kind === 'tender' ? '招标公告' : '资格预审公告';
    for (const bidder of bidders)
      await notices.sendJobResult(tx, {
        userId: bidder.userId,
        title: `${label}已发布`,
        messages: `${where}：${row.title}（发布时间 ${toChinaTime(row.publishedAt ?? row.publishAt)}）`,
      });
  }
}

/**
 * The publishing job's run: publishes what is due, once across instances (repo.publishDue), and
 * tells the sections' bidders in the same transaction.
 */
export const publishDueNotices = (db: Db, now = new Date(), notices: UserNotices | null = null) =>
  db.transaction(async (tx) => {
    const rows = await repo.publishDue(tx, now);
    await announcePublished(tx, rows, notices);
    return rows;
  });

/** Published notices of a project or section, each with its versions in order (the port and the route). */
export async function publishedNoticesOf(
  db: Db,
  filter: { projectId?: string; sectionId?: string; kind?: 'tender' | 'prequalification' },
): Promise<TradeNotice[]> {
  const rows = await repo.publishedVersions(db, filter);
  const chains = new Map<string, TradeNotice>();
  const sectionNames = new Map<string, NoticeSection>();
  for (const { notice, originalKind } of rows) {
    let chain = chains.get(notice.chainId);
    if (!chain) {
      let section = sectionNames.get(notice.sectionId);
      if (!section) {
        [section] = await noticeSections(db, { sectionId: notice.sectionId });
        if (section) sectionNames.set(notice.sectionId, section);
      }
      chain = {
        id: notice.chainId,
        kind: originalKind,
        sectionId: notice.sectionId,
        sectionCode: section?.code ?? '',
        sectionName: section?.name ?? notice.composed[COMPOSED_FIELD.sectionName] ?? '',
        projectName: section?.projectName ?? notice.composed[COMPOSED_FIELD.projectName] ?? '',
        versions: [],
      };
      chains.set(notice.chainId, chain);
    }
    chain.versions.push({
      id: notice.id,
      version: notice.versionNo,
      kind: notice.kind,
      title: notice.title,
      body: notice.body,
      publishedAt: toChinaTime(notice.publishedAt ?? notice.publishAt),
      spreadAt: notice.spreadAt ? toChinaTime(notice.spreadAt) : null,
    });
  }
  // A change notice whose original is not yet published waits with it: a chain starts at version 1.
  return [...chains.values()].filter((chain) => chain.versions[0]?.version === 1);
}

/**
 * GET /ks/trade/notices: a project's published notices. A published notice is public: every
 * signed-in user (bidders, personnel) reads the published notices of a project that has one. A
 * project with none published exists only for whoever may read the project (trading decides:
 * centre, supervisor, tenderee, agent); anyone else gets 项目不存在, as for no project. Drafts,
 * notices under review and scheduled ones are never in this answer.
 */
export async function noticesForCaller(db: Db, user: SessionUser, query: TradeNoticeListQuery) {
  const isPublic = await repo.hasPublishedNotice(db, query.projectId);
  if (!isPublic && !(await readableSections(db, user, query.projectId)))
    throw notFound(TRADE_NOTICE_MESSAGES.projectNotFound);
  return publishedNoticesOf(db, { projectId: query.projectId, ...(query.kind ? { kind: query.kind } : {}) });
}
