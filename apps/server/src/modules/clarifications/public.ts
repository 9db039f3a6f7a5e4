import type { UserId } from '@ks/contract';
import type { Db } from '../../db/client.ts';
import { hasOpenObjection, insertDeliveries, sentClarificationIds } from './repository.ts';

/** What other modules may read of the clarifications module (decision 0078): never its tables. */

/**
 * Whether the section's tender process is paused: an objection to its documents waits for the
 * tenderee's answer (条例 第22条: 作出答复前，应当暂停招标投标活动). The bids and opening modules ask it
 * before accepting a bid or opening.
 */
export const isPaused = (db: Db, sectionId: string): Promise<boolean> => hasOpenObjection(db, sectionId);

/**
 * Delivers the section's clarifications already sent to a bidder who downloads its documents now
 * (法 第23条: every bidder who obtained the documents is notified). The tender-files module calls it
 * in its download's transaction; one row per (clarification, bidder), so calling it again adds
 * nothing. Answers how many deliveries it added.
 */
export async function deliverEarlierClarifications(
  db: Db,
  sectionId: string,
  bidder: { userId: UserId; enterpriseName: string; downloadedAt: Date },
): Promise<number> {
  let added = 0;
  for (const clarificationId of await sentClarificationIds(db, sectionId))
    added += (
      await insertDeliveries(db, clarificationId, [
        { bidderId: bidder.userId, enterpriseName: bidder.enterpriseName, downloadedAt: bidder.downloadedAt },
      ])
    ).length;
  return added;
}
