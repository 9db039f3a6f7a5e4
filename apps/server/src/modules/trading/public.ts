import type { TradingSide } from '@ks/contract';
import type { Db } from '../../db/client.ts';
import type { SessionUser } from '../../platform/access.ts';
import { toChinaTime } from './dates.ts';
import {
  approvedSections as approvedSectionRows,
  approvedSectionsWithProject,
  approvedSectionTimelineRows,
  findProject,
  findSection,
  insertHistory,
  moveSectionDates,
  moveSectionDeadline,
  type ProjectRow,
  partyProjectIds,
  type SectionRow,
  sectionsOf,
  sectionsOnSaleAt,
  sectionWithProject,
} from './repository.ts';
import { SEEING_SIDES } from './rules.ts';
import { sideOf as sideOfProject } from './service.ts';

/** What other modules may read of the trading module (decision 0072: never its tables). */

/** The statutory rules of time (decision 0074): the calendar's form check applies them. */
export { checkTimeline } from './time-rules.ts';

export interface SectionSummary {
  id: string;
  code: string;
  name: string;
  projectId: string;
  projectName: string;
}

/** A live bid section with its project's name, or null (the venues module ties bookings to it). */
export async function sectionSummary(db: Db, sectionId: string): Promise<SectionSummary | null> {
  const section = await findSection(db, sectionId);
  if (!section) return null;
  const project = await findProject(db, section.projectId);
  if (!project) return null;
  return {
    id: section.id,
    code: section.code,
    name: section.name,
    projectId: project.id,
    projectName: project.name,
  };
}

/**
 * The caller's side of a project: centre, supervisor, tenderee, agent, bidder (any other
 * enterprise) or none (personnel and developer accounts).
 */
/** A section of an approved project with its planned opening (an instant). */
export interface ApprovedSection extends Omit<SectionSummary, 'projectId'> {
  openingAt: Date;
}

/**
 * Sections of approved projects, soonest opening first, at most `limit`: what may be opened, so
 * what an opening room is booked for (the venues' demo books one; the opening hall will list them).
 */
export async function approvedSections(db: Db, limit = 50): Promise<ApprovedSection[]> {
  const rows = await approvedSectionRows(db, limit);
  return rows.map(({ section, projectName }) => ({
    id: section.id,
    code: section.code,
    name: section.name,
    projectName,
    openingAt: section.openingAt,
  }));
}

export const sideOf = (
  db: Db,
  caller: Pick<SessionUser, 'id' | 'loginRoleType'>,
  projectId: string,
): Promise<TradingSide> => sideOfProject(db, caller, projectId);

export interface ReadableSections {
  /** The caller's side of the project (one of the sides that see it). */
  side: TradingSide;
  /** The project's live sections, in their order. */
  sections: { id: string; code: string; name: string }[];
}

/**
 * A project's sections as `caller` may read them: null when the project does not exist or is
 * hidden from the caller (a bidder, another enterprise, personnel), so a caller cannot tell the
 * two apart (the five-in-one page's 场地预约 tab, decision 0075).
 */
export async function readableSections(
  db: Db,
  caller: Pick<SessionUser, 'id' | 'loginRoleType'>,
  projectId: string,
): Promise<ReadableSections | null> {
  const project = await findProject(db, projectId);
  if (!project) return null;
  const side = await sideOfProject(db, caller, project.id);
  if (!SEEING_SIDES.includes(side)) return null;
  const rows = await sectionsOf(db, project.id);
  return {
    side,
    sections: rows.map(({ section }) => ({ id: section.id, code: section.code, name: section.name })),
  };
}

/** A section of an approved project, with what a notice composes from it (the notices module). */
export interface NoticeSection {
  id: string;
  code: string;
  name: string;
  type: string;
  estimatePrice: number;
  controlPrice: number | null;
  controlPriceNote: string;
  projectId: string;
  projectCode: string;
  projectName: string;
  noticeAt: Date;
  saleStartAt: Date;
  saleEndAt: Date;
  bidDeadlineAt: Date;
  openingAt: Date;
}

/**
 * Live sections of approved projects (decision 0076): all of them, the one `sectionId`, those of
 * one project, or those of projects where `partyUserId` is the tenderee or the agent.
 */
export async function noticeSections(
  db: Db,
  filter: { partyUserId?: string; sectionId?: string; projectId?: string } = {},
): Promise<NoticeSection[]> {
  const rows = await approvedSectionsWithProject(db, filter);
  return rows.map(({ section, projectCode, projectName }) => ({
    id: section.id,
    code: section.code,
    name: section.name,
    type: section.type,
    estimatePrice: section.estimatePrice,
    controlPrice: section.controlPrice,
    controlPriceNote: section.controlPriceNote,
    projectId: section.projectId,
    projectCode,
    projectName,
    noticeAt: section.noticeAt,
    saleStartAt: section.saleStartAt,
    saleEndAt: section.saleEndAt,
    bidDeadlineAt: section.bidDeadlineAt,
    openingAt: section.openingAt,
  }));
}

/** Planned times as the wire carries them ("YYYY-MM-DD HH:mm", China time). */
export { toChinaTime } from './dates.ts';

/**
 * Demo data and tests only (tender-files' demo and test set-up): puts a section's sale around `now`, which the service's
 * rules of time refuse for a new entry (its notice must lie ahead).
 */
export async function moveSectionDatesForDemo(
  db: Db,
  sectionId: string,
  dates: { noticeAt: Date; saleStartAt: Date; saleEndAt: Date; bidDeadlineAt: Date; openingAt: Date },
): Promise<void> {
  await moveSectionDates(db, sectionId, dates);
}

/**
 * A section's planned instants with its project's name and state (the tender-files and
 * clarifications modules, decisions 0077 and 0078).
 */
export interface SectionTimeline extends SectionSummary {
  projectState: ProjectRow['state'];
  noticeAt: Date;
  saleStartAt: Date;
  saleEndAt: Date;
  bidDeadlineAt: Date;
  openingAt: Date;
}

const timelineOf = (row: {
  section: SectionRow;
  projectName: string;
  projectState: ProjectRow['state'];
}): SectionTimeline => ({
  id: row.section.id,
  code: row.section.code,
  name: row.section.name,
  projectId: row.section.projectId,
  projectName: row.projectName,
  projectState: row.projectState,
  noticeAt: row.section.noticeAt,
  saleStartAt: row.section.saleStartAt,
  saleEndAt: row.section.saleEndAt,
  bidDeadlineAt: row.section.bidDeadlineAt,
  openingAt: row.section.openingAt,
});

/** A live section's timeline and its project's state, or null. */
export async function sectionTimeline(db: Db, sectionId: string): Promise<SectionTimeline | null> {
  const row = await sectionWithProject(db, sectionId);
  return row ? timelineOf(row) : null;
}

/**
 * Sections of approved projects, soonest deadline first: those of the projects `partyUserId` is a
 * tenderee or agent of, or all when null (a bidder's choice of sections to object to).
 */
export async function approvedSectionTimelines(
  db: Db,
  partyUserId: string | null,
  limit = 200,
): Promise<SectionTimeline[]> {
  return (await approvedSectionTimelineRows(db, partyUserId, limit)).map(timelineOf);
}

/** The projects `userId` is a tenderee or agent of. */
export const partyProjects = (db: Db, userId: string): Promise<string[]> => partyProjectIds(db, userId);

/**
 * Moves a section's bid deadline to `bidDeadlineAt` and its opening by the same time (a
 * clarification sent less than 15 days before the deadline, 法 第23条), in the caller's
 * transaction, writing the project's history. False when the section is gone.
 */
export async function moveBidDeadline(
  db: Db,
  move: { sectionId: string; bidDeadlineAt: Date; actorId: string; actorName: string; reason: string },
): Promise<boolean> {
  const row = await sectionWithProject(db, move.sectionId);
  if (!row) return false;
  const shift = move.bidDeadlineAt.getTime() - row.section.bidDeadlineAt.getTime();
  const openingAt = new Date(row.section.openingAt.getTime() + shift);
  if (!(await moveSectionDeadline(db, move.sectionId, move.bidDeadlineAt, openingAt))) return false;
  await insertHistory(db, {
    projectId: row.section.projectId,
    actorId: move.actorId,
    actorName: move.actorName,
    action: `顺延投标截止时间（${row.section.code}：${toChinaTime(row.section.bidDeadlineAt)} → ${toChinaTime(move.bidDeadlineAt)}）`,
    reason: move.reason,
  });
  return true;
}

/** Sections of approved projects on sale at `now` (saleStartAt ≤ now ≤ saleEndAt), soonest end first. */
export async function sectionsOnSale(db: Db, now: Date, limit = 200): Promise<SectionTimeline[]> {
  const rows = await sectionsOnSaleAt(db, now, limit);
  return rows.map(({ section, projectName }) =>
    timelineOf({ section, projectName, projectState: 'approved' }),
  );
}
