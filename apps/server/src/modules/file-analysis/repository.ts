import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { costFiles, costNodes, costProjects } from '../../db/schema/file-analysis.ts';
import { annexSlots, storedFiles } from '../../db/schema/files.ts';
import { enterprises, users } from '../../db/schema/identity.ts';

/**
 * SQL of the cost files module's projects and files (the parsed tree's is tree-repository.ts and
 * item-repository.ts): what its services, its demo and its port (public.ts) read and write.
 */

export type ProjectRow = typeof costProjects.$inferSelect;
export type FileRow = typeof costFiles.$inferSelect;
export type StoredFileRow = typeof storedFiles.$inferSelect;
export type FileFields = Partial<typeof costFiles.$inferInsert>;

/** An upload slot of the platform's file store, created once (a second start's insert does nothing). */
export async function ensureSlot(db: Db, slot: typeof annexSlots.$inferInsert): Promise<void> {
  await db.insert(annexSlots).values(slot).onConflictDoNothing();
}

// -- projects -----------------------------------------------------------------------------------

/** A live project; `lock` takes its row lock in the caller's transaction (select … for update). */
export async function findProject(
  db: Db,
  id: string,
  options: { lock?: boolean } = {},
): Promise<ProjectRow | null> {
  const query = db
    .select()
    .from(costProjects)
    .where(and(eq(costProjects.id, id), isNull(costProjects.deletedAt)))
    .limit(1);
  const [row] = await (options.lock ? query.for('update') : query);
  return row ?? null;
}

/** The live project with this number (项目编号), if any. */
export async function projectWithCode(db: Db, code: string): Promise<ProjectRow | null> {
  const [row] = await db
    .select()
    .from(costProjects)
    .where(and(eq(costProjects.code, code), isNull(costProjects.deletedAt)));
  return row ?? null;
}

export async function insertProject(
  db: Db,
  values: Pick<typeof costProjects.$inferInsert, 'code' | 'name' | 'region' | 'createdBy'>,
): Promise<ProjectRow> {
  const [row] = await db.insert(costProjects).values(values).returning();
  if (!row) throw new Error('cost project insert returned nothing');
  return row;
}

/** A page of live projects, newest first, whose name or number contains the keyword; and how many. */
export async function projectPage(
  db: Db,
  query: { keyword?: string | undefined; curPage: number; pageSize: number },
): Promise<{ rows: ProjectRow[]; total: number }> {
  const where = and(
    isNull(costProjects.deletedAt),
    query.keyword
      ? or(
          ilike(costProjects.name, `%${escapeLike(query.keyword)}%`),
          ilike(costProjects.code, `%${escapeLike(query.keyword)}%`),
        )
      : undefined,
  );
  const [total] = await db.select({ n: count() }).from(costProjects).where(where);
  const rows = await db
    .select()
    .from(costProjects)
    .where(where)
    .orderBy(desc(costProjects.createdAt), desc(costProjects.id))
    .limit(query.pageSize)
    .offset((query.curPage - 1) * query.pageSize);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Deletes (softly) the project at this version and its files; null when no such live version. */
export async function deleteProjectVersion(db: Db, id: string, version: number): Promise<ProjectRow | null> {
  const [row] = await db
    .update(costProjects)
    .set({ deletedAt: new Date(), updatedAt: new Date(), version: sql`${costProjects.version} + 1` })
    .where(and(eq(costProjects.id, id), eq(costProjects.version, version), isNull(costProjects.deletedAt)))
    .returning();
  if (!row) return null;
  await db
    .update(costFiles)
    .set({ deletedAt: new Date() })
    .where(and(eq(costFiles.projectId, id), isNull(costFiles.deletedAt)));
  return row;
}

/** Sets the approved estimate at this version of a live project; null when no such live version. */
export async function saveApprovedEstimate(
  db: Db,
  values: { xmId: string; version: number; approvedEstimate: string | null },
): Promise<ProjectRow | null> {
  const [row] = await db
    .update(costProjects)
    .set({
      approvedEstimate: values.approvedEstimate,
      updatedAt: new Date(),
      version: sql`${costProjects.version} + 1`,
    })
    .where(
      and(
        eq(costProjects.id, values.xmId),
        eq(costProjects.version, values.version),
        isNull(costProjects.deletedAt),
      ),
    )
    .returning();
  return row ?? null;
}

/** Live projects with a parsed file of one of these kinds. */
export async function projectsWithParsedFiles(db: Db, kinds: readonly string[]): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: costFiles.projectId })
    .from(costFiles)
    .innerJoin(costProjects, and(eq(costProjects.id, costFiles.projectId), isNull(costProjects.deletedAt)))
    .where(
      and(
        eq(costFiles.parseState, 'parsed'),
        inArray(costFiles.kind, [...kinds]),
        isNull(costFiles.deletedAt),
      ),
    );
  return rows.map((row) => row.id);
}

// -- files --------------------------------------------------------------------------------------

/** The live files of a project, oldest first. */
export function projectFiles(db: Db, projectId: string): Promise<FileRow[]> {
  return db
    .select()
    .from(costFiles)
    .where(and(eq(costFiles.projectId, projectId), isNull(costFiles.deletedAt)))
    .orderBy(asc(costFiles.createdAt));
}

/** A live file, in a live project when `inLiveProject`. */
export async function liveFile(db: Db, id: string, options: { inLiveProject?: boolean } = {}) {
  if (!options.inLiveProject) {
    const [file] = await db
      .select()
      .from(costFiles)
      .where(and(eq(costFiles.id, id), isNull(costFiles.deletedAt)));
    return file ?? null;
  }
  const [row] = await db
    .select()
    .from(costFiles)
    .innerJoin(costProjects, eq(costProjects.id, costFiles.projectId))
    .where(and(eq(costFiles.id, id), isNull(costFiles.deletedAt), isNull(costProjects.deletedAt)));
  return row?.cost_files ?? null;
}

export async function insertFile(db: Db, values: typeof costFiles.$inferInsert): Promise<FileRow> {
  const [row] = await db.insert(costFiles).values(values).returning();
  if (!row) throw new Error('cost file insert returned nothing');
  return row;
}

export async function deleteFile(db: Db, id: string): Promise<void> {
  await db.update(costFiles).set({ deletedAt: new Date() }).where(eq(costFiles.id, id));
}

export async function setFileFields(db: Db, id: string, fields: FileFields): Promise<void> {
  await db.update(costFiles).set(fields).where(eq(costFiles.id, id));
}

/** The parse of a file still waiting failed: the file says why. */
export async function failPendingParse(db: Db, id: string, message: string): Promise<void> {
  await db
    .update(costFiles)
    .set({ parseState: 'failed', parseError: message, parsedAt: new Date() })
    .where(and(eq(costFiles.id, id), eq(costFiles.parseState, 'pending')));
}

/** The live files of these projects with their stored files, oldest first; of one bidder when given. */
export function filesWithStored(
  db: Db,
  projectIds: string[],
  bidderUserId?: string,
): Promise<{ cost_files: FileRow; stored_files: StoredFileRow }[]> {
  return db
    .select()
    .from(costFiles)
    .innerJoin(storedFiles, eq(storedFiles.id, costFiles.fileId))
    .where(
      and(
        inArray(costFiles.projectId, projectIds),
        isNull(costFiles.deletedAt),
        bidderUserId === undefined ? undefined : eq(costFiles.bidderUserId, bidderUserId),
      ),
    )
    .orderBy(costFiles.createdAt, costFiles.id);
}

export async function storedFile(db: Db, id: string): Promise<StoredFileRow | null> {
  const [row] = await db.select().from(storedFiles).where(eq(storedFiles.id, id));
  return row ?? null;
}

/**
 * The parsed bids of a project with the total (zzj) of their visible tree's project node: a parse
 * being written or an old tree being deleted is not it.
 */
export function parsedBidTotals(
  db: Db,
  projectId: string,
): Promise<{ bidderUserId: string | null; bidderName: string | null; total: string }[]> {
  return db
    .select({ bidderUserId: costFiles.bidderUserId, bidderName: costFiles.bidderName, total: costNodes.zzj })
    .from(costFiles)
    .innerJoin(
      costNodes,
      and(
        eq(costNodes.fileId, costFiles.id),
        eq(costNodes.generation, costFiles.treeGeneration),
        eq(costNodes.level, 'project'),
      ),
    )
    .where(
      and(
        eq(costFiles.projectId, projectId),
        eq(costFiles.kind, 'bid'),
        eq(costFiles.parseState, 'parsed'),
        isNull(costFiles.deletedAt),
      ),
    );
}

// -- bidders' enterprises -----------------------------------------------------------------------

/** The enterprise's registered name of an account (its user name when it has none; '' for no account). */
export async function enterpriseName(db: Db, userId: string): Promise<string> {
  const [row] = await db
    .select({ name: enterprises.name, userName: users.userName })
    .from(users)
    .leftJoin(enterprises, eq(enterprises.id, users.enterpriseId))
    .where(eq(users.id, userId));
  return row?.name ?? row?.userName ?? '';
}

/** The id when it is a live enterprise account, else null. */
export async function enterpriseAccount(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.loginRoleType, 'U'), isNull(users.deletedAt)));
  return row?.id ?? null;
}

/** The one live enterprise account whose enterprise has exactly this name, else null. */
export async function enterpriseAccountNamed(db: Db, name: string): Promise<string | null> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(enterprises, eq(enterprises.id, users.enterpriseId))
    .where(and(eq(enterprises.name, name), eq(users.loginRoleType, 'U'), isNull(users.deletedAt)))
    .limit(2);
  return rows.length === 1 ? (rows[0]?.id ?? null) : null;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
