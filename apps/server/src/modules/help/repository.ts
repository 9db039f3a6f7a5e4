import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { helpFiles, helpGroups, helpTemplates } from '../../db/schema/help.ts';

export type HelpGroupRow = typeof helpGroups.$inferSelect;
export type HelpFileRow = typeof helpFiles.$inferSelect;
export type HelpTemplateRow = typeof helpTemplates.$inferSelect;

export async function findScopeGroups(db: Db, systemCoding: string, gnCoding: string, kind: 'guide' | 'faq') {
  return db
    .select()
    .from(helpGroups)
    .where(
      and(
        eq(helpGroups.systemCoding, systemCoding),
        eq(helpGroups.gnCoding, gnCoding),
        eq(helpGroups.kind, kind),
        isNull(helpGroups.deletedAt),
      ),
    )
    .orderBy(asc(helpGroups.sort), asc(helpGroups.createdAt));
}

export async function findGroupFiles(db: Db, groupIds: string[]) {
  if (groupIds.length === 0) return [];
  return db
    .select()
    .from(helpFiles)
    .where(and(inArray(helpFiles.groupId, groupIds), isNull(helpFiles.deletedAt)))
    .orderBy(asc(helpFiles.sort), asc(helpFiles.createdAt));
}

export async function getLiveGroup(db: Db, id: string) {
  const [row] = await db
    .select()
    .from(helpGroups)
    .where(and(eq(helpGroups.id, id), isNull(helpGroups.deletedAt)));
  return row ?? null;
}

export async function insertGroup(db: Db, values: typeof helpGroups.$inferInsert) {
  const [row] = await db.insert(helpGroups).values(values).returning();
  if (!row) throw new Error('help group insert returned nothing');
  return row;
}

/** Updates only at the version the administrator edited; null when someone changed it in between. */
export async function updateGroup(
  db: Db,
  id: string,
  version: number,
  values: Partial<Pick<HelpGroupRow, 'groupName' | 'qaList' | 'deletedAt'>>,
) {
  const [row] = await db
    .update(helpGroups)
    .set({ ...values, updatedAt: new Date(), version: sql`${helpGroups.version} + 1` })
    .where(and(eq(helpGroups.id, id), eq(helpGroups.version, version), isNull(helpGroups.deletedAt)))
    .returning();
  return row ?? null;
}

/** Soft-deletes the live descendants of deleted groups, and their files. */
export async function softDeleteSubtree(db: Db, rootId: string, at: Date) {
  await db.execute(sql`
    with recursive tree as (
      select id from help_groups where parent_id = ${rootId} and deleted_at is null
      union all
      select g.id from help_groups g join tree on g.parent_id = tree.id where g.deleted_at is null
    )
    update help_groups set deleted_at = ${at}, updated_at = ${at}, version = version + 1
    where id in (select id from tree)`);
  await db.execute(sql`
    update help_files set deleted_at = ${at}, updated_at = ${at}, version = version + 1
    where deleted_at is null and group_id in (
      select id from help_groups where id = ${rootId} or (deleted_at = ${at})
    )`);
}

export async function countChildren(db: Db, parentId: string | null) {
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(helpGroups)
    .where(
      and(
        parentId ? eq(helpGroups.parentId, parentId) : isNull(helpGroups.parentId),
        isNull(helpGroups.deletedAt),
      ),
    );
  return row?.value ?? 0;
}

export async function insertFile(db: Db, values: typeof helpFiles.$inferInsert) {
  const [row] = await db.insert(helpFiles).values(values).returning();
  if (!row) throw new Error('help file insert returned nothing');
  return row;
}

export async function getLiveFile(db: Db, id: string) {
  const [row] = await db
    .select()
    .from(helpFiles)
    .where(and(eq(helpFiles.id, id), isNull(helpFiles.deletedAt)));
  return row ?? null;
}

export async function softDeleteFile(db: Db, id: string, version: number) {
  const now = new Date();
  const [row] = await db
    .update(helpFiles)
    .set({ deletedAt: now, updatedAt: now, version: sql`${helpFiles.version} + 1` })
    .where(and(eq(helpFiles.id, id), eq(helpFiles.version, version), isNull(helpFiles.deletedAt)))
    .returning();
  return row ?? null;
}

export async function getTemplate(db: Db, systemCoding: string, gnCoding: string) {
  const [row] = await db
    .select()
    .from(helpTemplates)
    .where(
      and(
        eq(helpTemplates.systemCoding, systemCoding),
        eq(helpTemplates.gnCoding, gnCoding),
        isNull(helpTemplates.deletedAt),
      ),
    );
  return row ?? null;
}

export async function insertTemplate(db: Db, values: typeof helpTemplates.$inferInsert) {
  const [row] = await db.insert(helpTemplates).values(values).returning();
  if (!row) throw new Error('help template insert returned nothing');
  return row;
}

export async function updateTemplate(
  db: Db,
  id: string,
  version: number,
  values: Partial<
    Pick<HelpTemplateRow, 'exampleFileId' | 'exampleFileName' | 'templateFileId' | 'templateFileName'>
  >,
) {
  const [row] = await db
    .update(helpTemplates)
    .set({ ...values, updatedAt: new Date(), version: sql`${helpTemplates.version} + 1` })
    .where(and(eq(helpTemplates.id, id), eq(helpTemplates.version, version), isNull(helpTemplates.deletedAt)))
    .returning();
  return row ?? null;
}
