import type { VenueSectionSummary } from '@ks/contract';
import type { Db } from '../../db/client.ts';
import type { SessionUser } from '../../platform/access.ts';
import { type ReadableSections, readableSections, sectionSummary, sideOf } from '../trading/public.ts';

/** Who may tie a booking to a section: the project's own parties and the centre. */
const BOOKING_SIDES = ['centre', 'tenderee', 'agent'] as const;

/**
 * The port through which venues read a bid section (the trading module's, decision 0072). A
 * section the caller is not a party of answers like a missing one, so a booking cannot be tied to
 * another party's section, nor tell that it exists.
 */
export interface SectionDirectory {
  sectionSummary(caller: SessionUser, sectionId: string): Promise<VenueSectionSummary | null>;
  /** A project's sections and whether the caller may book for them; null when hidden or missing. */
  projectSections(
    caller: SessionUser,
    projectId: string,
  ): Promise<{ sections: ReadableSections['sections']; mayBook: boolean } | null>;
}

const maySideBook = (side: string) => (BOOKING_SIDES as readonly string[]).includes(side);

/** The trading module's sections, seen through its port. */
export const tradingSections = (db: Db): SectionDirectory => ({
  async sectionSummary(caller, sectionId) {
    const section = await sectionSummary(db, sectionId);
    if (!section) return null;
    const side = await sideOf(db, caller, section.projectId);
    if (!maySideBook(side)) return null;
    return { id: section.id, code: section.code, name: section.name, projectName: section.projectName };
  },
  async projectSections(caller, projectId) {
    const readable = await readableSections(db, caller, projectId);
    if (!readable) return null;
    return { sections: readable.sections, mayBook: maySideBook(readable.side) };
  },
});
