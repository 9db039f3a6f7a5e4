import type { TradingSide } from '@ks/contract';
import type { Db } from '../../db/client.ts';
import type { SessionUser } from '../../platform/access.ts';
import { findProject, findSection } from './repository.ts';
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
export const sideOf = (
  db: Db,
  caller: Pick<SessionUser, 'id' | 'loginRoleType'>,
  projectId: string,
): Promise<TradingSide> => sideOfProject(db, caller, projectId);
