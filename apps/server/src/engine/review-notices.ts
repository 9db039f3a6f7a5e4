import type { Db } from '../db/client.ts';

/** A reviewer's to-do for one review step (to-do system). */
export type ReviewTodo = {
  userId: string;
  systemCoding: string;
  systemName: string;
  gnName: string;
  gnCoding: string;
  businessName: string;
  /** The record under review, so the to-do opens its page. */
  businessId: string;
  /** Who submitted it (申报人). */
  submitterName: string;
  sbTime: Date;
};

/** The submitter's banner message about the flow's result. */
export type ReviewResultMessage = {
  userId: string;
  outcome: 'approved' | 'rejected';
  title: string;
  messages: string;
};

/**
 * What the audit workflow tells people, inside the review's own transaction, so a to-do exists
 * exactly when its review step does: reviewers' to-dos and the submitter's result messages. The
 * notify module implements it and app.ts hands it to the workflow, which imports no other module.
 */
export interface ReviewNotices {
  /** Opens a reviewer's to-do; answers its id, kept on the step. */
  openTodo(tx: Db, todo: ReviewTodo): Promise<string>;
  /** Closes a to-do (a decided, skipped or reassigned step); closing a closed one does nothing. */
  closeTodo(tx: Db, todoId: string): Promise<void>;
  sendResult(tx: Db, message: ReviewResultMessage): Promise<void>;
}
