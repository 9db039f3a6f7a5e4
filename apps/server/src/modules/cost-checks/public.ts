import type { ParseData } from '@ks/contract';
import type { Db } from '../../db/client.ts';
import { newestRuns } from './repository.ts';

/**
 * What other modules may read of the cost check (the lint lets them import this file only): typed
 * answers over its own runs.
 */

export type CheckState = NonNullable<ParseData['states']['checkState']>;

/** The state of the project's newest check run ('none' before the first): a cost file's page shows it. */
export async function latestRunState(db: Db, xmId: string): Promise<CheckState> {
  const [run] = await newestRuns(db, xmId, 1);
  return run?.state ?? 'none';
}
