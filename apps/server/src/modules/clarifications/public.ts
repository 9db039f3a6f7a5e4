import type { Db } from '../../db/client.ts';
import { hasOpenObjection } from './repository.ts';

/** What other modules may read of the clarifications module (decision 0078): never its tables. */

/**
 * Whether the section's tender process is paused: an objection to its documents waits for the
 * tenderee's answer (条例 第22条: 作出答复前，应当暂停招标投标活动). The bids and opening modules ask it
 * before accepting a bid or opening.
 */
export const isPaused = (db: Db, sectionId: string): Promise<boolean> => hasOpenObjection(db, sectionId);
