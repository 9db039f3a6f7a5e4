import type { LoginRoleType, ThemeConfig } from '@ks/contract';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/identity.ts';
import {
  headerItemRoles,
  headerItems,
  menuNodeRoles,
  menuNodes,
  systems,
  userThemes,
} from '../../db/schema/shell.ts';

export type SystemRow = typeof systems.$inferSelect;
export type MenuNodeRow = typeof menuNodes.$inferSelect;

export async function findLiveSystems(db: Db): Promise<SystemRow[]> {
  return db
    .select()
    .from(systems)
    .where(isNull(systems.deletedAt))
    .orderBy(asc(systems.sort), asc(systems.createdAt));
}

export async function insertSystem(db: Db, values: typeof systems.$inferInsert): Promise<SystemRow> {
  const [row] = await db.insert(systems).values(values).returning();
  if (!row) throw new Error('system insert returned nothing');
  return row;
}

export async function insertNode(
  db: Db,
  values: typeof menuNodes.$inferInsert,
  roles: readonly LoginRoleType[],
): Promise<MenuNodeRow> {
  const [row] = await db.insert(menuNodes).values(values).returning();
  if (!row) throw new Error('menu node insert returned nothing');
  if (roles.length > 0) {
    await db.insert(menuNodeRoles).values(roles.map((loginRoleType) => ({ nodeId: row.id, loginRoleType })));
  }
  return row;
}

export async function findHeaderItemsForRole(db: Db, role: LoginRoleType) {
  return db
    .select({ code: headerItems.code, title: headerItems.title, path: headerItems.path })
    .from(headerItems)
    .innerJoin(headerItemRoles, eq(headerItemRoles.itemId, headerItems.id))
    .where(and(eq(headerItemRoles.loginRoleType, role), isNull(headerItems.deletedAt)))
    .orderBy(asc(headerItems.sort));
}

/** Inserts an item unless its code exists; answers the new row's id, or null when it existed. */
export async function insertHeaderItemIfMissing(
  db: Db,
  values: typeof headerItems.$inferInsert,
): Promise<string | null> {
  const [row] = await db
    .insert(headerItems)
    .values(values)
    .onConflictDoNothing({ target: headerItems.code })
    .returning({ id: headerItems.id });
  return row?.id ?? null;
}

export async function insertHeaderItemRoles(db: Db, itemId: string, roles: readonly LoginRoleType[]) {
  if (roles.length === 0) return;
  await db
    .insert(headerItemRoles)
    .values(roles.map((loginRoleType) => ({ itemId, loginRoleType })))
    .onConflictDoNothing();
}

export async function findUserTheme(db: Db, userId: string) {
  const [row] = await db
    .select()
    .from(userThemes)
    .where(and(eq(userThemes.userId, userId), isNull(userThemes.deletedAt)));
  return row ?? null;
}

/** The first save of a user's theme; false when another save got there first. */
export async function insertUserTheme(db: Db, userId: string, config: ThemeConfig): Promise<boolean> {
  const rows = await db
    .insert(userThemes)
    .values({ userId, config })
    .onConflictDoNothing()
    .returning({ userId: userThemes.userId });
  return rows.length > 0;
}

/** Saves over the version the user loaded; answers the new version, or null when it was stale. */
export async function updateUserTheme(
  db: Db,
  userId: string,
  version: number,
  config: ThemeConfig,
): Promise<number | null> {
  const [row] = await db
    .update(userThemes)
    .set({ config, updatedAt: new Date(), version: sql`${userThemes.version} + 1` })
    .where(and(eq(userThemes.userId, userId), eq(userThemes.version, version)))
    .returning({ version: userThemes.version });
  return row?.version ?? null;
}

export async function findProfile(db: Db, userId: string) {
  const [row] = await db
    .select({ userName: users.userName, photo: users.photo, version: users.version })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return row ?? null;
}

/** Changes profile fields over the version the user loaded; null when it was stale. */
export async function updateProfile(
  db: Db,
  userId: string,
  version: number | null,
  values: { userName?: string; photo?: string },
) {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date(), version: sql`${users.version} + 1` })
    .where(
      version === null
        ? and(eq(users.id, userId), isNull(users.deletedAt))
        : and(eq(users.id, userId), eq(users.version, version), isNull(users.deletedAt)),
    )
    .returning({ userName: users.userName, photo: users.photo, version: users.version });
  return row ?? null;
}
