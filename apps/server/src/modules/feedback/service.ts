import {
  type AddFeedbackBody,
  type FeedbackRecord,
  type FeedbackStats,
  LOGIN_ROLE_TYPE_LABELS,
  RATING_LABELS,
  surveyQuestionOf,
} from '@ks/contract';
import type { Db } from '../../db/client.ts';
import type { SessionUser } from '../../platform/access.ts';
import { recordOperation } from '../../platform/operation-log.ts';
import * as repo from './repository.ts';

export class FeedbackService {
  constructor(private readonly db: Db) {}

  /** Stores one submission (already validated by the contract: non-empty text, known types, valid answers). */
  async addFeedback(user: SessionUser, items: AddFeedbackBody, ip: string): Promise<void> {
    const rating = items.find((item) => item.evaluateType === 'rating');
    const text = items.find((item) => item.evaluateType === 'text')?.question.trim() ?? '';
    const normalised = items.map((item) =>
      item.evaluateType === 'text' ? { ...item, question: text } : item,
    );
    await this.db.transaction(async (tx) => {
      const row = await repo.insertFeedback(tx, {
        userId: user.id,
        userName: user.userName,
        roleType: LOGIN_ROLE_TYPE_LABELS[user.loginRoleType],
        rating: rating ? Number(rating.question) : null,
        text,
        items: normalised,
      });
      await recordOperation(tx, {
        user,
        action: '提交反馈',
        targetType: 'feedback',
        targetId: row.id,
        detail: rating ? `评分：${RATING_LABELS[Number(rating.question) - 1]}` : '',
        ip,
      });
    });
  }

  async findFeedback(curPage: number, pageSize: number) {
    const { rows, total } = await repo.findFeedbackPage(this.db, curPage, pageSize);
    const records = rows.map(
      (row): FeedbackRecord => ({
        id: row.id,
        userName: row.userName,
        roleType: row.roleType,
        rating: row.rating,
        text: row.text,
        answers: row.items.flatMap((item) => {
          const question = surveyQuestionOf(item.evaluateType);
          return question ? [{ evaluateType: item.evaluateType, question, answer: item.question }] : [];
        }),
        createdAt: row.createdAt.toISOString(),
      }),
    );
    return { records, total, curPage, pageSize };
  }

  async getStats(): Promise<FeedbackStats> {
    const [counts, total] = await Promise.all([repo.countByRating(this.db), repo.countFeedback(this.db)]);
    const byRating = new Map(counts.map((row) => [row.rating, row.count]));
    return {
      total,
      ratings: RATING_LABELS.map((label, index) => ({
        rating: index + 1,
        label,
        count: byRating.get(index + 1) ?? 0,
      })),
    };
  }
}
