import { and, count, desc, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { feedbacks } from '../../db/schema/feedback.ts';

export type FeedbackRow = typeof feedbacks.$inferSelect;

export async function insertFeedback(db: Db, values: typeof feedbacks.$inferInsert): Promise<FeedbackRow> {
  const [row] = await db.insert(feedbacks).values(values).returning();
  if (!row) throw new Error('feedback insert returned nothing');
  return row;
}

export async function findFeedbackPage(db: Db, curPage: number, pageSize: number) {
  const live = isNull(feedbacks.deletedAt);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(feedbacks)
      .where(live)
      .orderBy(desc(feedbacks.createdAt), desc(feedbacks.id))
      .limit(pageSize)
      .offset((curPage - 1) * pageSize),
    db.select({ value: count() }).from(feedbacks).where(live),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** Submissions per rating, counted in the database (the chart never loads every row). */
export async function countByRating(db: Db) {
  return db
    .select({ rating: feedbacks.rating, count: count() })
    .from(feedbacks)
    .where(and(isNull(feedbacks.deletedAt), isNotNull(feedbacks.rating)))
    .groupBy(feedbacks.rating);
}

export async function countFeedback(db: Db) {
  const [row] = await db.select({ value: count() }).from(feedbacks).where(isNull(feedbacks.deletedAt));
  return row?.value ?? 0;
}
