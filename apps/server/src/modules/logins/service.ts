import { createHash, randomBytes } from 'node:crypto';
import {
  asUserId,
  type CreditCodeCheckBodySchema,
  ERROR_CODES,
  IDENTITY_CHECK_PROVIDER_LABELS,
  type IdentityCheck,
  type LoginResult,
  type LoginRoleType,
  type RealNameBodySchema,
  SMS_LOGIN_FAILED_MESSAGE,
  WECHAT_PROVIDER_LABELS,
  WECHAT_SCAN_STATUS_LABELS,
} from '@ks/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { SignIn } from '../../engine/modules.ts';
import { AppError, badRequest, conflict, forbidden } from '../../platform/errors.ts';
import { recordOperation } from '../../platform/operation-log.ts';
import type { SmsCodes } from '../../platform/sms-codes.ts';
import type { IdentityChecker, WechatLogin } from './providers.ts';
import * as repo from './repository.ts';

type Meta = { ip: string; userAgent: string };
type BindingUser = { id: string; userCode: string; userName: string; loginRoleType: LoginRoleType };

/** A QR code lives this long unscanned; a scanned, unbound identity may be bound this long after the scan. */
export const QR_TTL_MS = 5 * 60 * 1000;
export const BIND_WINDOW_MS = 10 * 60 * 1000;

const hashState = (state: string) => createHash('sha256').update(state).digest('hex');
const QR_EXPIRED = WECHAT_SCAN_STATUS_LABELS.expired;

/**
 * SMS and WeChat QR login (decision 0079). Both prove the holder, then hand the account to the
 * session module's seam (`signIn`), which checks the account's state and issues the session.
 */
export class LoginsService {
  constructor(
    private readonly db: Db,
    private readonly sms: SmsCodes,
    private readonly signIn: SignIn,
    private readonly wechat: WechatLogin,
  ) {}

  /**
   * Sends a login code when the phone belongs to an account. The caller learns nothing about which
   * phones do: the answer is the same, and a send refused by the per-phone limits is answered the
   * same too (a 429 would only ever come for phones that exist).
   */
  async sendSmsCode(phone: string): Promise<void> {
    const owners = await repo.findLiveUsersByPhone(this.db, phone);
    if (owners.length === 0) return;
    try {
      await this.sms.sendCode(phone, 'login');
    } catch (error) {
      if (error instanceof AppError && error.code === ERROR_CODES.TOO_MANY_REQUESTS) return;
      throw error;
    }
  }

  /** SMS login: the code proves the phone; the one account holding it is signed in. */
  async smsLogin(phone: string, smsCode: string, meta: Meta): Promise<LoginResult> {
    const owner = await this.proveOwner(phone, smsCode);
    await this.db.transaction(async (tx) => {
      await this.sms.consumeCode(tx, owner.codeId);
    });
    return this.signIn(asUserId(owner.id), '短信验证码', meta);
  }

  /** The account a phone's login code proves; the code is checked (and counted), not yet used. */
  private async proveOwner(phone: string, smsCode: string) {
    const codeId = await this.sms.checkCode(phone, 'login', smsCode);
    const owners = await repo.findLiveUsersByPhone(this.db, phone);
    if (owners.length === 0) throw badRequest(SMS_LOGIN_FAILED_MESSAGE);
    if (owners.length > 1) throw badRequest('该手机号绑定了多个账号，请使用账号密码登录');
    return { ...(owners[0] as (typeof owners)[number]), codeId };
  }

  /** A new QR login attempt: its state goes to the page that asked, only its hash is kept. */
  async qrCode() {
    const state = randomBytes(24).toString('base64url');
    const expiresAt = new Date(Date.now() + QR_TTL_MS);
    await repo.insertAttempt(this.db, { stateHash: hashState(state), provider: this.wechat.name, expiresAt });
    return {
      state,
      qrUrl: this.wechat.qrUrl(state),
      provider: this.wechat.name,
      providerLabel: WECHAT_PROVIDER_LABELS[this.wechat.name],
      expiresAt: expiresAt.toISOString(),
    };
  }

  /** WeChat's callback (or the local provider's scan): records who scanned the attempt's code. */
  async recordScan(state: string, code: string): Promise<void> {
    const attempt = await repo.findAttempt(this.db, hashState(state));
    if (!attempt || attempt.provider !== this.wechat.name || attempt.expiresAt < new Date()) {
      throw badRequest(QR_EXPIRED);
    }
    if (attempt.scannedAt) throw badRequest('二维码已被扫描，请刷新后重试');
    const identity = await this.wechat.exchange(code);
    if (!(await repo.recordScan(this.db, hashState(state), identity.openid, identity.unionid))) {
      throw badRequest('二维码已被扫描，请刷新后重试');
    }
  }

  /**
   * The local provider's scan: refused when the deployment uses WeChat itself, and from any other
   * machine. The local provider is the default, and whoever may "scan" as an identity signs in as
   * the account bound to it: a deployment that forgot WECHAT_LOGIN_PROVIDER must not let a visitor
   * scan as someone else's bound identity.
   */
  async localScan(state: string, identity: string, ip: string): Promise<void> {
    if (this.wechat.name !== 'local') throw badRequest('本地模拟扫码未启用');
    if (!isLoopback(ip)) throw forbidden('本地模拟扫码只接受本机的请求');
    await this.recordScan(state, identity);
  }

  /**
   * What the QR page's poll learns: still waiting, expired, scanned by an identity no account
   * holds (bind it), or signed in — the session is issued to the first poll that finds the
   * identity bound, and the attempt is used up.
   */
  async scanStatus(state: string, meta: Meta) {
    const attempt = await repo.findAttempt(this.db, hashState(state));
    const now = Date.now();
    const answer = (status: keyof typeof WECHAT_SCAN_STATUS_LABELS, login: LoginResult | null = null) => ({
      status,
      message: WECHAT_SCAN_STATUS_LABELS[status],
      login,
    });
    if (!attempt || attempt.usedAt) return answer('expired');
    if (!attempt.scannedAt || !attempt.openid) {
      return answer(attempt.expiresAt.getTime() < now ? 'expired' : 'waiting');
    }
    if (attempt.scannedAt.getTime() + BIND_WINDOW_MS < now) return answer('expired');
    const binding = await repo.findBinding(this.db, attempt.provider, attempt.openid);
    if (!binding) return answer('unbound');
    if (!(await repo.useAttempt(this.db, attempt.id))) return answer('expired');
    return answer('signedIn', await this.signIn(asUserId(binding.userId), '微信扫码', meta));
  }

  /**
   * The first scan of an identity: the phone's login code proves the account, the identity is
   * bound to it (one WeChat per account, one account per WeChat) and the account is signed in.
   */
  async bind(state: string, phone: string, smsCode: string, meta: Meta): Promise<LoginResult> {
    const attempt = await this.scannedAttempt(state);
    const owner = await this.proveOwner(phone, smsCode);
    if (await repo.findBindingOfUser(this.db, owner.id)) {
      throw conflict('该账号已绑定其他微信，请先使用账号密码登录后解除绑定');
    }
    const openid = attempt.openid;
    await this.db.transaction(async (tx) => {
      await this.sms.consumeCode(tx, owner.codeId);
      if (!(await repo.useAttempt(tx, attempt.id))) throw badRequest(QR_EXPIRED);
      await repo.insertBinding(tx, {
        userId: owner.id,
        provider: attempt.provider,
        openid,
        unionid: attempt.unionid,
      });
      await recordOperation(tx, {
        user: owner,
        action: '绑定微信',
        targetType: 'user',
        targetId: owner.userCode,
        ip: meta.ip,
      });
    });
    return this.signIn(asUserId(owner.id), '微信扫码', meta);
  }
  /**
   * The first scan of an identity, proven by a password login instead: the page that holds the
   * attempt's state logged in as usual (captcha, lockout and all), and binds with that session.
   */
  async bindToUser(user: BindingUser, state: string, ip: string): Promise<void> {
    const attempt = await this.scannedAttempt(state);
    if (await repo.findBindingOfUser(this.db, user.id)) {
      throw conflict('该账号已绑定其他微信，请先使用账号密码登录后解除绑定');
    }
    const openid = attempt.openid;
    await this.db.transaction(async (tx) => {
      if (!(await repo.useAttempt(tx, attempt.id))) throw badRequest(QR_EXPIRED);
      await repo.insertBinding(tx, {
        userId: user.id,
        provider: attempt.provider,
        openid,
        unionid: attempt.unionid,
      });
      await recordOperation(tx, {
        user,
        action: '绑定微信',
        targetType: 'user',
        targetId: user.userCode,
        ip,
      });
    });
  }

  /** An attempt scanned by an identity no account holds, still unused and within the binding window. */
  private async scannedAttempt(state: string) {
    const attempt = await repo.findAttempt(this.db, hashState(state));
    if (
      !attempt ||
      attempt.usedAt ||
      !attempt.scannedAt ||
      !attempt.openid ||
      attempt.scannedAt.getTime() + BIND_WINDOW_MS < Date.now()
    ) {
      throw badRequest(QR_EXPIRED);
    }
    if (await repo.findBinding(this.db, attempt.provider, attempt.openid)) {
      throw conflict('该微信已绑定账号，请重新扫码登录');
    }
    return { id: attempt.id, provider: attempt.provider, openid: attempt.openid, unionid: attempt.unionid };
  }
}

/** Real-name and credit-code checks: the check character first (the schemas), then the authority. */
export class IdentityChecks {
  constructor(private readonly checker: IdentityChecker) {}

  async realName(body: z.infer<typeof RealNameBodySchema>): Promise<IdentityCheck> {
    return this.answer(await this.checker.checkPerson(body.name, body.idNumber));
  }

  async creditCode(body: z.infer<typeof CreditCodeCheckBodySchema>): Promise<IdentityCheck> {
    return this.answer(await this.checker.checkEnterprise(body.enterpriseName, body.creditCode));
  }

  private answer(result: { matched: boolean; message: string }): IdentityCheck {
    return {
      ...result,
      provider: this.checker.name,
      providerLabel: IDENTITY_CHECK_PROVIDER_LABELS[this.checker.name],
      checkedAt: new Date().toISOString(),
    };
  }
}

/** Whether a request came from this machine (the address Fastify resolved, behind a trusted proxy the client's). */
const isLoopback = (ip: string) => ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.');
