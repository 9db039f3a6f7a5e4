import { and, asc, count, desc, eq, exists, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { storedFiles } from '../../db/schema/files.ts';
import { enterprises, users } from '../../db/schema/identity.ts';
import {
  tradingHistory,
  tradingParties,
  tradingProjects,
  tradingSectionFiles,
  tradingSections,
} from '../../db/schema/trading.ts';

/** The trading module's SQL (decision 0070): services call these named functions only. */

export type ProjectRow = typeof tradingProjects.$inferSelect;
export type SectionRow = typeof tradingSections.$inferSelect;
export type SectionValues = Omit<
  typeof tradingSections.$inferInsert,
  'id' | 'projectId' | 'code' | 'position' | 'createdAt' | 'updatedAt' | 'version' | 'deletedAt'
>;
export type PartyRow = { userId: string; capacity: 'tenderee' | 'agent'; name: string };

/** The caller's stored roles and enterprise name (the session carries neither). */
export async function callerFacts(db: Db, userId: string) {
  const [row] = await db
    .select({ roles: users.roles, enterpriseName: enterprises.name, userName: users.userName })
    .from(users)
    .leftJoin(enterprises, eq(enterprises.id, users.enterpriseId))
    .where(eq(users.id, userId));
  return row ?? null;
}

export async function lockProject(db: Db, id: string): Promise<ProjectRow | null> {
  const [row] = await db
    .select()
    .from(tradingProjects)
    .where(and(eq(tradingProjects.id, id), isNull(tradingProjects.deletedAt)))
    .for('update');
  return row ?? null;
}

export async function findProject(db: Db, id: string): Promise<ProjectRow | null> {
  const [row] = await db
    .select()
    .from(tradingProjects)
    .where(and(eq(tradingProjects.id, id), isNull(tradingProjects.deletedAt)));
  return row ?? null;
}

/** A project's parties with their enterprise's name (the user's name when it has none). */
export async function partiesOf(db: Db, projectIds: readonly string[]): Promise<Map<string, PartyRow[]>> {
  const found = new Map<string, PartyRow[]>();
  if (projectIds.length === 0) return found;
  const rows = await db
    .select({
      projectId: tradingParties.projectId,
      userId: tradingParties.userId,
      capacity: tradingParties.capacity,
      name: sql<string>`coalesce(${enterprises.name}, ${users.userName})`,
    })
    .from(tradingParties)
    .innerJoin(users, eq(users.id, tradingParties.userId))
    .leftJoin(enterprises, eq(enterprises.id, users.enterpriseId))
    .where(inArray(tradingParties.projectId, [...projectIds]));
  for (const { projectId, ...party } of rows) found.set(projectId, [...(found.get(projectId) ?? []), party]);
  return found;
}

export interface ProjectFilter {
  /** Only projects this user is a party of (enterprises); all when undefined (the centre). */
  partyUserId?: string;
  state?: ProjectRow['state'];
  keyword?: string;
}

export async function listProjects(db: Db, filter: ProjectFilter) {
  const where: (SQL | undefined)[] = [isNull(tradingProjects.deletedAt)];
  if (filter.partyUserId)
    where.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(tradingParties)
          .where(
            and(
              eq(tradingParties.projectId, tradingProjects.id),
              eq(tradingParties.userId, filter.partyUserId),
            ),
          ),
      ),
    );
  if (filter.state) where.push(eq(tradingProjects.state, filter.state));
  if (filter.keyword) {
    const like = `%${filter.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(or(ilike(tradingProjects.name, like), ilike(tradingProjects.code, like)));
  }
  return db
    .select({
      project: tradingProjects,
      sectionCount: sql<number> // Qualified by hand: drizzle writes a lone table's column unqualified, which the subquery would bind to itself.
      `(select count(*)::int from trading_sections s where s.project_id = trading_projects.id and s.deleted_at is null)`,
    })
    .from(tradingProjects)
    .where(and(...where))
    .orderBy(desc(tradingProjects.updatedAt))
    .limit(500);
}

export async function sectionsOf(db: Db, projectId: string) {
  return db
    .select({
      section: tradingSections,
      attachmentCount: sql<number>`(select count(*)::int from trading_section_files f where f.section_id = trading_sections.id)`,
    })
    .from(tradingSections)
    .where(and(eq(tradingSections.projectId, projectId), isNull(tradingSections.deletedAt)))
    .orderBy(asc(tradingSections.position));
}

/** Live sections of approved projects, by opening time, with their project's name. */
export async function approvedSections(db: Db, limit: number) {
  return db
    .select({ section: tradingSections, projectName: tradingProjects.name })
    .from(tradingSections)
    .innerJoin(tradingProjects, eq(tradingProjects.id, tradingSections.projectId))
    .where(
      and(
        eq(tradingProjects.state, 'approved'),
        isNull(tradingProjects.deletedAt),
        isNull(tradingSections.deletedAt),
      ),
    )
    .orderBy(asc(tradingSections.openingAt), asc(tradingSections.position))
    .limit(limit);
}

export async function findSection(db: Db, id: string): Promise<SectionRow | null> {
  const [row] = await db
    .select()
    .from(tradingSections)
    .where(and(eq(tradingSections.id, id), isNull(tradingSections.deletedAt)));
  return row ?? null;
}

export async function historyOf(db: Db, projectId: string) {
  return db
    .select()
    .from(tradingHistory)
    .where(eq(tradingHistory.projectId, projectId))
    .orderBy(asc(tradingHistory.at), asc(tradingHistory.id));
}

/** How many projects were entered today (China time): the next code's sequence. */
async function countProjectsToday(db: Db, day: string) {
  const [row] = await db
    .select({ value: count() })
    .from(tradingProjects)
    .where(sql`${tradingProjects.code} like ${`JY${day}%`}`);
  return row?.value ?? 0;
}

export async function insertProject(
  db: Db,
  values: Pick<ProjectRow, 'name' | 'tendereeName' | 'principal' | 'principalPhone' | 'createdBy'>,
  day: string,
) {
  // Serialises code allocation for the day; the unique index is the backstop.
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`trading-code-${day}`}))`);
  const sequence = (await countProjectsToday(db, day)) + 1;
  const [row] = await db
    .insert(tradingProjects)
    .values({ ...values, code: `JY${day}${String(sequence).padStart(4, '0')}` })
    .returning();
  if (!row) throw new Error('project not inserted');
  return row;
}

export async function updateProject(
  db: Db,
  id: string,
  values: Partial<Omit<ProjectRow, 'id' | 'code' | 'createdBy' | 'createdAt' | 'version'>>,
) {
  const [row] = await db
    .update(tradingProjects)
    .set({ ...values, updatedAt: new Date(), version: sql`${tradingProjects.version} + 1` })
    .where(eq(tradingProjects.id, id))
    .returning();
  if (!row) throw new Error('project not updated');
  return row;
}

export async function insertParty(db: Db, projectId: string, userId: string, capacity: 'tenderee' | 'agent') {
  await db.insert(tradingParties).values({ projectId, userId, capacity }).onConflictDoNothing();
}

export async function capacityOf(db: Db, projectId: string, userId: string) {
  const [row] = await db
    .select({ capacity: tradingParties.capacity })
    .from(tradingParties)
    .where(and(eq(tradingParties.projectId, projectId), eq(tradingParties.userId, userId)));
  return row?.capacity ?? null;
}

/**
 * Writes the project's sections as given: listed ids are updated, new ones inserted, the rest
 * soft-deleted. Returns false when a listed id is not a live section of this project.
 */
export async function replaceSections(
  db: Db,
  project: Pick<ProjectRow, 'id' | 'code'>,
  sections: readonly (SectionValues & { id?: string })[],
): Promise<boolean> {
  const live = await db
    .select({ id: tradingSections.id, code: tradingSections.code })
    .from(tradingSections)
    .where(and(eq(tradingSections.projectId, project.id), isNull(tradingSections.deletedAt)));
  const liveIds = new Set(live.map((row) => row.id));
  if (sections.some((section) => section.id !== undefined && !liveIds.has(section.id))) return false;
  const kept = new Set(sections.flatMap((section) => (section.id ? [section.id] : [])));
  const dropped = [...liveIds].filter((id) => !kept.has(id));
  if (dropped.length > 0)
    await db
      .update(tradingSections)
      .set({ deletedAt: new Date() })
      .where(inArray(tradingSections.id, dropped));
  // Codes are never reused within a project, dropped sections included.
  const [all] = await db
    .select({ value: count() })
    .from(tradingSections)
    .where(eq(tradingSections.projectId, project.id));
  let next = all?.value ?? 0;
  for (const [index, { id, ...values }] of sections.entries()) {
    if (id) {
      await db
        .update(tradingSections)
        .set({
          ...values,
          position: index + 1,
          updatedAt: new Date(),
          version: sql`${tradingSections.version} + 1`,
        })
        .where(eq(tradingSections.id, id));
    } else {
      next += 1;
      await db.insert(tradingSections).values({
        ...values,
        projectId: project.id,
        position: index + 1,
        code: `${project.code}-${String(next).padStart(3, '0')}`,
      });
    }
  }
  return true;
}

export async function insertHistory(
  db: Db,
  entry: { projectId: string; actorId: string; actorName: string; action: string; reason?: string },
) {
  await db.insert(tradingHistory).values(entry);
}

export async function filesOfSection(db: Db, sectionId: string) {
  return db
    .select({ id: storedFiles.id, fileName: storedFiles.fileName })
    .from(tradingSectionFiles)
    .innerJoin(storedFiles, eq(storedFiles.id, tradingSectionFiles.fileId))
    .where(and(eq(tradingSectionFiles.sectionId, sectionId), isNull(storedFiles.deletedAt)))
    .orderBy(asc(tradingSectionFiles.createdAt));
}

/** Of `fileIds`, those that are live uploads of `ownerId` or already attached to the section. */
export async function usableFiles(db: Db, sectionId: string, ownerId: string, fileIds: readonly string[]) {
  if (fileIds.length === 0) return [];
  const rows = await db
    .select({ id: storedFiles.id })
    .from(storedFiles)
    .where(
      and(
        inArray(storedFiles.id, [...fileIds]),
        isNull(storedFiles.deletedAt),
        or(
          eq(storedFiles.ownerUserId, ownerId),
          exists(
            db
              .select({ one: sql`1` })
              .from(tradingSectionFiles)
              .where(
                and(
                  eq(tradingSectionFiles.sectionId, sectionId),
                  eq(tradingSectionFiles.fileId, storedFiles.id),
                ),
              ),
          ),
        ),
      ),
    );
  return rows.map((row) => row.id);
}

export async function setSectionFiles(db: Db, sectionId: string, fileIds: readonly string[]) {
  await db.delete(tradingSectionFiles).where(eq(tradingSectionFiles.sectionId, sectionId));
  if (fileIds.length > 0)
    await db.insert(tradingSectionFiles).values(fileIds.map((fileId) => ({ sectionId, fileId })));
}

/** Demo accounts of the trading module (an enterprise with its account, or a centre account). */
export async function insertDemoAccount(
  db: Db,
  enterprise: { name: string; creditCode: string; enterpriseType: string } | null,
  account: Pick<
    typeof users.$inferInsert,
    'userCode' | 'account' | 'phone' | 'userName' | 'passwordHash' | 'roles'
  > & {
    loginRoleType: 'M' | 'U';
  },
) {
  let enterpriseId: string | null = null;
  if (enterprise) {
    const [created] = await db.insert(enterprises).values(enterprise).returning();
    enterpriseId = created?.id ?? null;
  }
  const [row] = await db
    .insert(users)
    .values({ ...account, enterpriseId })
    .returning();
  if (!row) throw new Error(`demo account ${account.account} not created`);
  return row;
}

/**
 * Live sections of approved projects with their project's code and name (the notices module's
 * port, `noticeSections`): all of them, one, or those whose project `partyUserId` is a party of.
 */
export async function approvedSectionsWithProject(
  db: Db,
  filter: { partyUserId?: string; sectionId?: string; projectId?: string },
) {
  const where: (SQL | undefined)[] = [
    eq(tradingProjects.state, 'approved'),
    isNull(tradingProjects.deletedAt),
    isNull(tradingSections.deletedAt),
  ];
  if (filter.sectionId) where.push(eq(tradingSections.id, filter.sectionId));
  if (filter.projectId) where.push(eq(tradingProjects.id, filter.projectId));
  if (filter.partyUserId)
    where.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(tradingParties)
          .where(
            and(
              eq(tradingParties.projectId, tradingProjects.id),
              eq(tradingParties.userId, filter.partyUserId),
            ),
          ),
      ),
    );
  return db
    .select({
      section: tradingSections,
      projectCode: tradingProjects.code,
      projectName: tradingProjects.name,
    })
    .from(tradingSections)
    .innerJoin(tradingProjects, eq(tradingProjects.id, tradingSections.projectId))
    .where(and(...where))
    .orderBy(desc(tradingProjects.decidedAt), asc(tradingSections.position))
    .limit(2000);
}

/** Live sections of approved projects whose sale is open at `now` (the tender-files port). */
export async function sectionsOnSaleAt(db: Db, now: Date, limit: number) {
  return db
    .select({ section: tradingSections, projectName: tradingProjects.name })
    .from(tradingSections)
    .innerJoin(tradingProjects, eq(tradingProjects.id, tradingSections.projectId))
    .where(
      and(
        eq(tradingProjects.state, 'approved'),
        isNull(tradingProjects.deletedAt),
        isNull(tradingSections.deletedAt),
        sql`${tradingSections.saleStartAt} <= ${now}`,
        sql`${tradingSections.saleEndAt} >= ${now}`,
      ),
    )
    .orderBy(asc(tradingSections.saleEndAt), asc(tradingSections.code))
    .limit(limit);
}

/** Demo only: moves a section's planned dates (the service refuses a notice in the past). */
export async function moveSectionDates(
  db: Db,
  sectionId: string,
  dates: Pick<SectionRow, 'noticeAt' | 'saleStartAt' | 'saleEndAt' | 'bidDeadlineAt' | 'openingAt'>,
) {
  await db.update(tradingSections).set(dates).where(eq(tradingSections.id, sectionId));
}

/** A live section with its project's name and state (the clarifications' port, decision 0078). */
export async function sectionWithProject(db: Db, sectionId: string) {
  const [row] = await db
    .select({
      section: tradingSections,
      projectName: tradingProjects.name,
      projectState: tradingProjects.state,
    })
    .from(tradingSections)
    .innerJoin(tradingProjects, eq(tradingProjects.id, tradingSections.projectId))
    .where(
      and(
        eq(tradingSections.id, sectionId),
        isNull(tradingSections.deletedAt),
        isNull(tradingProjects.deletedAt),
      ),
    );
  return row ?? null;
}

/** Live sections of approved projects, by deadline; only the projects `partyUserId` is a party of when given. */
export async function approvedSectionTimelineRows(db: Db, partyUserId: string | null, limit: number) {
  const where: (SQL | undefined)[] = [
    eq(tradingProjects.state, 'approved'),
    isNull(tradingProjects.deletedAt),
    isNull(tradingSections.deletedAt),
  ];
  if (partyUserId)
    where.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(tradingParties)
          .where(
            and(eq(tradingParties.projectId, tradingProjects.id), eq(tradingParties.userId, partyUserId)),
          ),
      ),
    );
  return db
    .select({
      section: tradingSections,
      projectName: tradingProjects.name,
      projectState: tradingProjects.state,
    })
    .from(tradingSections)
    .innerJoin(tradingProjects, eq(tradingProjects.id, tradingSections.projectId))
    .where(and(...where))
    .orderBy(asc(tradingSections.bidDeadlineAt), asc(tradingSections.position))
    .limit(limit);
}

/** The ids of the projects `userId` is a party of (tenderee or agent). */
export async function partyProjectIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ projectId: tradingParties.projectId })
    .from(tradingParties)
    .where(eq(tradingParties.userId, userId));
  return rows.map((row) => row.projectId);
}

/** Moves a section's deadline and opening (a clarification sent late, 法 第23条); false when it is gone. */
export async function moveSectionDeadline(db: Db, sectionId: string, bidDeadlineAt: Date, openingAt: Date) {
  const rows = await db
    .update(tradingSections)
    .set({ bidDeadlineAt, openingAt, updatedAt: new Date(), version: sql`${tradingSections.version} + 1` })
    .where(and(eq(tradingSections.id, sectionId), isNull(tradingSections.deletedAt)))
    .returning({ id: tradingSections.id });
  return rows.length > 0;
}
