import { BID_MESSAGES } from '@ks/contract';
import type { Db } from '../../db/client.ts';
import type { SessionUser } from '../../platform/access.ts';
import { badRequest } from '../../platform/errors.ts';
import { uploadRights } from './actions.ts';
import { enterpriseAccount, enterpriseAccountNamed, enterpriseName } from './repository.ts';

/** Whose bid an upload is: the enterprise account (null when none is known) and the stored name. */
export type Bidder = { bidderUserId: string | null; bidderName: string };

/**
 * The bidder of an uploaded bid, a bid document or a cost-file bid alike (decision 0052). An
 * enterprise's upload is its own, under its registered name. An administrator's belongs to the
 * enterprise account it chose (refused, 400, unless a live enterprise account), under that
 * enterprise's registered name; only when none was chosen to the one account of exactly the typed
 * name (else to none). Refusals happen before anything is written.
 */
export async function resolveBidder(
  db: Db,
  user: SessionUser,
  body: { bidderUserId?: string | undefined; bidderName: string },
): Promise<Bidder> {
  if (!uploadRights(user).choosesBidder) {
    return { bidderUserId: user.id, bidderName: (await enterpriseName(db, user.id)) || user.userName };
  }
  if (body.bidderUserId) {
    const bidderUserId = await enterpriseAccount(db, body.bidderUserId);
    if (!bidderUserId)
      throw badRequest(BID_MESSAGES.bidderMissing, { bidderUserId: BID_MESSAGES.bidderMissing });
    return { bidderUserId, bidderName: await enterpriseName(db, bidderUserId) };
  }
  if (!body.bidderName)
    throw badRequest(BID_MESSAGES.bidderRequired, { bidderName: BID_MESSAGES.bidderRequired });
  return { bidderUserId: await enterpriseAccountNamed(db, body.bidderName), bidderName: body.bidderName };
}
