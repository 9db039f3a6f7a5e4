import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { costRuleSets } from '../../db/schema/cost-checks.ts';

/** SQL of the cost check's rule versions (decision 0045): inserted, never edited in place. */

export type RuleSetRow = typeof costRuleSets.$inferSelect;

/** Inserts a version unless it exists (a second instance's insert does nothing). */
export async function insertVersionOnce(db: Db, values: typeof costRuleSets.$inferInsert): Promise<void> {
  await db.insert(costRuleSets).values(values).onConflictDoNothing();
}

export async function insertVersion(db: Db, values: typeof costRuleSets.$inferInsert): Promise<RuleSetRow> {
  const [inserted] = await db.insert(costRuleSets).values(values).returning();
  if (!inserted) throw new Error('rule set insert returned nothing');
  return inserted;
}

export async function newestVersion(db: Db): Promise<RuleSetRow | null> {
  const [row] = await db.select().from(costRuleSets).orderBy(desc(costRuleSets.version)).limit(1);
  return row ?? null;
}

export async function versionRow(db: Db, version: number): Promise<RuleSetRow | null> {
  const [row] = await db.select().from(costRuleSets).where(eq(costRuleSets.version, version)).limit(1);
  return row ?? null;
}

/** Every version, newest first. */
export function allVersions(db: Db): Promise<RuleSetRow[]> {
  return db.select().from(costRuleSets).orderBy(desc(costRuleSets.version));
}

/** The newest version's number, 0 before the first. */
export async function latestVersion(db: Db): Promise<number> {
  const [row] = await db
    .select({ version: sql<number>`coalesce(max(${costRuleSets.version}), 0)::int` })
    .from(costRuleSets);
  return row?.version ?? 0;
}

/** Serialises saves: held until the caller's transaction ends. */
export async function lockVersions(db: Db): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('cost_rule_sets'))`);
}
