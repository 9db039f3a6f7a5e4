import { ON_BEHALF_MESSAGES } from '@ks/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { enterprises, users } from '../db/schema/index.ts';
import type { SessionUser } from '../platform/access.ts';
import { badRequest, forbidden } from '../platform/errors.ts';
import { matches, type RecordSelector } from './lifecycle.ts';
import type { ResolvedNode } from './record-store.ts';

/**
 * Records entered on behalf of an enterprise (decision 0060). A saved record belongs to its caller;
 * but some records are the trading centre's to enter about an enterprise (a penalty, an award), and
 * what the module does with them follows their owner (the credit score counts an enterprise's own).
 * A module declares the nodes that accept an owner chosen by an administrator; on a new record of
 * such a node an administrator names the enterprise account (`ownerUserId`), the record is that
 * enterprise's from then on, and the option calls and the module's handlers see that enterprise.
 */

/** The enterprise account a record belongs to (or will), as the records runtime and modules see it. */
export type RecordOwner = {
  userId: string;
  enterpriseId: string | null;
  /** Its enterprise's type ('' while not set; null without an enterprise row). */
  enterpriseType: string | null;
  /** Its enterprise's registered name (the account's name without one). */
  name: string;
};

/** The nodes modules declared; the records runtime asks it on saves, forms and option calls. */
export class OnBehalfNodes {
  private readonly selectors: RecordSelector[] = [];

  /** Declares that new records of the nodes `selector` names accept an owner an administrator chooses. */
  accept(selector: RecordSelector): void {
    this.selectors.push(selector);
  }

  accepts(node: Pick<ResolvedNode, 'nodeProperties' | 'systemCoding' | 'gnCoding'>): boolean {
    return this.selectors.some((selector) => matches(selector, node));
  }

  /**
   * The owner a caller names for a new record of `node`: only an administrator (403), only on a node
   * that accepts one, and only a live enterprise account (400 with the message under ownerUserId).
   * Refusals come before anything is written.
   */
  async chosenOwner(
    db: Db,
    user: SessionUser,
    node: ResolvedNode,
    ownerUserId: string,
  ): Promise<RecordOwner> {
    if (user.loginRoleType !== 'M') throw forbidden(ON_BEHALF_MESSAGES.adminOnly);
    if (!this.accepts(node)) throw refusal(ON_BEHALF_MESSAGES.notAccepted);
    const account = await accountOf(db, ownerUserId);
    if (account?.loginRoleType !== 'U' || account.deletedAt) throw refusal(ON_BEHALF_MESSAGES.ownerMissing);
    // A disabled enterprise may not act on the platform; one not yet activated has not joined it.
    if (account.status !== 'active') throw refusal(ON_BEHALF_MESSAGES.ownerInactive);
    return account.owner;
  }
}

const refusal = (message: string) => badRequest(message, { ownerUserId: message });

async function accountOf(db: Db, userId: string) {
  const [row] = await db
    .select({
      userId: users.id,
      userName: users.userName,
      loginRoleType: users.loginRoleType,
      status: users.status,
      deletedAt: users.deletedAt,
      enterpriseId: users.enterpriseId,
      enterpriseType: enterprises.enterpriseType,
      enterpriseName: enterprises.name,
    })
    .from(users)
    .leftJoin(enterprises, eq(enterprises.id, users.enterpriseId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  const owner: RecordOwner = {
    userId: row.userId,
    enterpriseId: row.enterpriseId,
    enterpriseType: row.enterpriseType,
    name: row.enterpriseName || row.userName,
  };
  return { ...row, owner };
}

/**
 * The owner of a saved record as an enterprise account, whatever the account's state now (the
 * record stays that enterprise's); null when it belongs to another kind of account (an
 * administrator's own).
 */
export async function enterpriseOwnerOf(db: Db, userId: string): Promise<RecordOwner | null> {
  const account = await accountOf(db, userId);
  return account?.loginRoleType === 'U' ? account.owner : null;
}
