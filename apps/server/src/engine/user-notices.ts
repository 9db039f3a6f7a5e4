import type { Db } from '../db/client.ts';

/** A banner message to one user about a background job they started (the cost-file check …). */
export type JobResultNotice = {
  userId: string;
  title: string;
  messages: string;
};

/**
 * How a business module tells a person something over the push channel without importing the
 * notify module: notify implements it, app.ts hands it to the module (like review-notices.ts).
 * Pass the module's transaction so the message commits, and is pushed, with what it reports.
 */
export interface UserNotices {
  /** Stores the message for the user and pushes it to their open streams; answers its msgId. */
  sendJobResult(tx: Db, notice: JobResultNotice): Promise<number>;
}
