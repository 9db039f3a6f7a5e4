import type { Db } from '../../db/client.ts';
import { approvedPerformances, type Performance } from './repository.ts';

/**
 * What other modules may read of the market module (the lint lets them import this file only):
 * typed answers over its own records, so no other module names its nodes, tables or field codes.
 */

export type { Performance };

/** The enterprise's approved 业绩 (项目名称 and 合同金额 in 万元), oldest first. */
export const performancesOf = (db: Db, enterpriseUserId: string): Promise<Performance[]> =>
  approvedPerformances(db, enterpriseUserId);
