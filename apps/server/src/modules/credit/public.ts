import type { Db } from '../../db/client.ts';
import { scoreOf } from './repository.ts';

/**
 * What other modules may read of the credit module (the lint lets them import this file only):
 * typed answers over its own tables.
 */

/** An enterprise's current credit score and the score model's grade band it reaches; null before its first score. */
export type CreditGrade = { score: number; grade: string; computedAt: Date };

export async function gradeOf(db: Db, enterpriseUserId: string): Promise<CreditGrade | null> {
  const row = await scoreOf(db, enterpriseUserId);
  return row ? { score: row.score, grade: row.grade, computedAt: row.computedAt } : null;
}
