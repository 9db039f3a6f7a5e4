import {
  type ConfirmIdNumberBody,
  type DecideIdentityClaimBody,
  type IdentityClaim,
  type IdentityClaimListQuery,
  type IdentityState,
  idNumberProblem,
  type LinkIdNumberBody,
  MARKET_MESSAGES,
  maskIdNumber,
} from '@ks/contract';
import { asUserId } from '@ks/contract/ids';
import type { Db } from '../../db/client.ts';
import type { ResolvedNode } from '../../engine/record-store.ts';
import type { UserNotices } from '../../engine/user-notices.ts';
import type { SessionUser } from '../../platform/access.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { recordOperation } from '../../platform/operation-log.ts';
import type { SmsCodes } from '../../platform/sms-codes.ts';
import { chinaToday } from './dates.ts';
import {
  accountIdentity,
  type ClaimRow,
  type ClaimWithAccount,
  claimsInState,
  claimWithAccount,
  insertClaim,
  latestClaimOf,
  lockClaim,
  otherHolderOf,
  pendingClaimOf,
  proveClaim,
  refuseClaim,
  unlinkOtherHolders,
} from './identity-repository.ts';
import { syncPracticeOf } from './practice-repository.ts';
import { advisoryLock, passedRegistrationOf } from './registrations-repository.ts';
import { partNode } from './repository.ts';

const iso = (value: Date | null) => (value ? value.toISOString() : null);
const lockNumber = (tx: Db, idNumber: string) => advisoryLock(tx, `ks.market.account:${idNumber}`);

/**
 * A personnel account's link to its registration by its ID number (decision 0063). A claim is
 * proven before it reveals or locks anything: by an SMS code sent to the mobile on the person's
 * passed registration, or by an administrator's confirmation. The claimant's answer is the same
 * whether the number is registered, held by another account or unknown, so the claim cannot be
 * used to learn who is registered.
 */
export class IdentityService {
  constructor(
    private readonly db: Db,
    private readonly sms: SmsCodes,
    private readonly notices: UserNotices,
  ) {}

  /** Records a claim and, when the number can be proven by SMS, sends the code; answers alike. */
  async claim(user: SessionUser, body: LinkIdNumberBody, ip: string): Promise<{ status: 'pending' }> {
    if (user.loginRoleType !== 'P') throw forbidden(MARKET_MESSAGES.personalOnly);
    const problem = idNumberProblem(body.idNumber, chinaToday());
    if (problem) throw badRequest(problem, { idNumber: problem });
    const idNumber = body.idNumber.trim().toUpperCase();
    const registration = await passedRegistrationOf(this.db, await partNode(this.db, 'personnel'), idNumber);
    const held = await otherHolderOf(this.db, idNumber, user.id);
    // A number another account holds proven goes to the administrators, never to an SMS race.
    let phone = registration?.mobile && !held ? registration.mobile : null;
    if (phone) {
      try {
        await this.sms.sendCode(phone, 'bind');
      } catch {
        // Too many codes for that phone today, or the gateway failed: the claim waits for an
        // administrator (who sees no code went out), and the answer must not tell this case apart.
        phone = null;
      }
    }
    await this.db.transaction(async (tx) => {
      await insertClaim(tx, { userId: user.id, idNumber, phone });
      await recordOperation(tx, {
        user,
        action: '申请绑定身份证号码',
        targetType: 'user',
        targetId: user.id,
        detail: maskIdNumber(idNumber),
        ip,
      });
    });
    return { status: 'pending' };
  }

  /** The claimant proves its pending claim with the code sent to the registration's mobile. */
  async confirm(user: SessionUser, body: ConfirmIdNumberBody, ip: string): Promise<IdentityState> {
    if (user.loginRoleType !== 'P') throw forbidden(MARKET_MESSAGES.personalOnly);
    const claim = await pendingClaimOf(this.db, user.id);
    if (!claim) throw badRequest(MARKET_MESSAGES.claimNone);
    // One message for every failure: no code sent (no registration, no mobile, number held),
    // a wrong, expired or overused code — the claimant learns nothing of the number from it.
    const wrong = () =>
      badRequest(MARKET_MESSAGES.claimCodeWrong, { smsCode: MARKET_MESSAGES.claimCodeWrong });
    if (!claim.phone) throw wrong();
    let codeId: string;
    try {
      codeId = await this.sms.checkCode(claim.phone, 'bind', body.smsCode);
    } catch (error) {
      if (error instanceof AppError) throw wrong();
      throw error;
    }
    await this.db.transaction(async (tx) => {
      await lockNumber(tx, claim.idNumber);
      const current = await lockClaim(tx, claim.id);
      if (current?.status !== 'pending' || current.version !== claim.version) throw wrong();
      if (await otherHolderOf(tx, claim.idNumber, user.id)) throw wrong();
      await this.sms.consumeCode(tx, codeId);
      await this.prove(tx, current, 'sms', user, ip);
    });
    return this.state(user);
  }

  /** The claimant's own view: its proven number and its latest claim. */
  async state(user: SessionUser): Promise<IdentityState> {
    const account = await accountIdentity(this.db, user.id);
    const claim = await latestClaimOf(this.db, user.id);
    return {
      idNumber: account?.idNumber ? maskIdNumber(account.idNumber) : null,
      claim: claim
        ? {
            idNumber: maskIdNumber(claim.idNumber),
            status: claim.status,
            refusal: claim.refusal,
            createdAt: claim.createdAt.toISOString(),
          }
        : null,
      practiceDetails: account?.idNumber ? (account.details ?? []) : [],
    };
  }

  /** The administrators' queue: claims in a state, newest first, with what the platform knows. */
  async claims(query: IdentityClaimListQuery): Promise<IdentityClaim[]> {
    const rows = await claimsInState(this.db, query.status);
    const node = await partNode(this.db, 'personnel');
    const result: IdentityClaim[] = [];
    for (const row of rows) result.push(await this.describe(this.db, node, row));
    return result;
  }

  private async describe(db: Db, node: ResolvedNode | null, row: ClaimWithAccount): Promise<IdentityClaim> {
    const { claim } = row;
    const registration = await passedRegistrationOf(db, node, claim.idNumber);
    const holder = await otherHolderOf(db, claim.idNumber, claim.userId);
    return {
      id: claim.id,
      userId: asUserId(claim.userId),
      account: row.account,
      userName: row.userName,
      accountPhone: row.phone ?? '',
      idNumber: claim.idNumber,
      status: claim.status,
      proof: claim.proof,
      refusal: claim.refusal,
      personName: registration?.personName ?? '',
      enterpriseName: registration?.enterpriseName ?? '',
      heldBy: holder ? `${holder.userName}（${holder.account}）` : '',
      createdAt: claim.createdAt.toISOString(),
      decidedAt: iso(claim.decidedAt),
      version: claim.version,
    };
  }

  /**
   * An administrator confirms a claim (the number moves to the claimant, from any account that
   * held it) or refuses it with a reason; the claimant is told either way.
   */
  async decide(user: SessionUser, body: DecideIdentityClaimBody, ip: string): Promise<IdentityClaim> {
    if (user.loginRoleType !== 'M') throw forbidden(MARKET_MESSAGES.claimAdminsOnly);
    const node = await partNode(this.db, 'personnel');
    return this.db.transaction(async (tx) => {
      const claim = await lockClaim(tx, body.id);
      if (!claim) throw notFound(MARKET_MESSAGES.claimNotFound);
      if (claim.version !== body.version) throw conflict(MARKET_MESSAGES.staleClaim);
      if (claim.status !== 'pending') throw badRequest(MARKET_MESSAGES.claimNotPending);
      const masked = maskIdNumber(claim.idNumber);
      if (body.result === 'confirm') {
        await lockNumber(tx, claim.idNumber);
        await this.prove(tx, claim, 'admin', user, ip);
        await this.notices.sendJobResult(tx, {
          userId: claim.userId,
          title: '身份证号码绑定',
          messages: `管理员已确认您绑定的身份证号码${masked}，执业状态随注册信息显示。`,
        });
      } else {
        const refusal = body.refusal?.trim() ?? '';
        await refuseClaim(tx, claim.id, refusal, user.id);
        await recordOperation(tx, {
          user,
          action: '不予确认身份证号码绑定',
          targetType: 'market_identity_claim',
          targetId: claim.id,
          detail: `${masked}：${refusal}`,
          ip,
        });
        await this.notices.sendJobResult(tx, {
          userId: claim.userId,
          title: '身份证号码绑定',
          messages: `您绑定身份证号码${masked}的申请未予确认，理由：${refusal}。`,
        });
      }
      const row = await claimWithAccount(tx, claim.id);
      if (!row) throw notFound(MARKET_MESSAGES.claimNotFound);
      return this.describe(tx, node, row);
    });
  }

  /**
   * Makes a claim proven, in the caller's transaction holding the number's lock: the account
   * holds the number (any other holder loses it — only an administrator gets here over one),
   * and the login's practice status follows its registration.
   */
  private async prove(tx: Db, claim: ClaimRow, proof: 'sms' | 'admin', user: SessionUser, ip: string) {
    const losers = await unlinkOtherHolders(tx, claim.idNumber, claim.userId);
    for (const loser of losers) {
      await this.notices.sendJobResult(tx, {
        userId: loser.id,
        title: '身份证号码绑定',
        messages: `管理员已将身份证号码${maskIdNumber(claim.idNumber)}确认给其他账号，本账号的绑定已解除。`,
      });
    }
    await proveClaim(tx, claim, proof, user.id);
    const node = await partNode(tx, 'personnel');
    if (node) await syncPracticeOf(tx, node, [claim.idNumber]);
    await recordOperation(tx, {
      user,
      action: proof === 'sms' ? '绑定身份证号码（短信验证）' : '确认身份证号码绑定',
      targetType: 'market_identity_claim',
      targetId: claim.id,
      detail: `${maskIdNumber(claim.idNumber)}${losers.length > 0 ? '（原绑定账号已解除）' : ''}`,
      ip,
    });
  }
}
