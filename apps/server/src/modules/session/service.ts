import {
  ERROR_CODES,
  HOME_URL,
  type LoginBody,
  type LoginResult,
  type LoginRoleType,
  maskIdNumber,
  PasswordSchema,
  type PracticingStatus,
  rolesOf,
  type UserInfo,
} from '@ks/contract';
import { asUserCode } from '@ks/contract/ids';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { SessionUser } from '../../platform/access.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { recordOperation } from '../../platform/operation-log.ts';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { maskPhone } from '../../platform/phones.ts';
import type { SealedFields } from '../../platform/sealed-fields.ts';
import { endUserSessions, updatePassword } from '../../platform/user-sessions.ts';
import { consumeCaptcha } from './captcha.ts';
import * as repo from './repository.ts';
import { SessionCache } from './session-cache.ts';
import { hashToken, newToken } from './tokens.ts';

/**
 * Where each kind of account lands after login until menus say otherwise: the home URL
 * (HOME_URL), but for developers, whose work is the systems they build, and personnel, whose own centre
 * holds their practice status. (Enterprises landed on 企业中心 until 2026-11-25: a page not built.)
 */
const HOME_URLS: Record<LoginRoleType, string> = {
  M: HOME_URL,
  D: '/system/allSystem',
  U: HOME_URL,
  P: '/userCenter/uCenter',
};

/** Why a session ended, and the code a later request with its token gets. */
const END_REASON_CODES: Record<string, number> = {
  logout: ERROR_CODES.TOKEN_INVALID,
  refreshed: ERROR_CODES.TOKEN_INVALID,
  elsewhere: ERROR_CODES.SESSION_ENDED,
  password_changed: ERROR_CODES.SESSION_ENDED,
  kicked: ERROR_CODES.SESSION_ENDED,
};

/**
 * Sliding expiry is written at most once a minute per session (sooner for short idle limits), not
 * on every request; with the session cache each instance writes it from the last-seen time it
 * knows (its own writes, or the database's when it read the session), so a session in use on two
 * instances may be written twice an interval, never less often than on one (decision 0038).
 */
const MAX_TOUCH_INTERVAL_MS = 60 * 1000;

export interface RequestMeta {
  ip: string;
  userAgent: string;
}

export function practicingStatusOf(details: PracticingStatus['practiceDetails']): PracticingStatus {
  return { abnormal: details.some((d) => d.status !== 2), practiceDetails: details };
}

export class SessionService {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly sealed: SealedFields,
    /** Live sessions by token hash; the app makes it follow the instance bus. */
    readonly cache = new SessionCache(),
  ) {}

  async login(body: LoginBody, meta: RequestMeta): Promise<LoginResult> {
    const { logValue, passWord } = await this.sealed.open(body.keyId, {
      logValue: body.logValue,
      passWord: body.passWord,
    });
    const account = logValue.trim().toLowerCase();
    if (!account || !passWord) throw badRequest('请输入账号和密码');

    const failures = await repo.findLoginFailures(this.db, account);
    if (failures?.lockedUntil && failures.lockedUntil > new Date()) throw lockedUntil(failures.lockedUntil);
    if ((failures?.failures ?? 0) >= this.config.LOGIN_CAPTCHA_AFTER) {
      if (!body.captchaId || !body.captchaCode) {
        throw new AppError(ERROR_CODES.CAPTCHA_REQUIRED, '请输入图形验证码', { captchaRequired: true });
      }
      if (!(await consumeCaptcha(this.db, body.captchaId, body.captchaCode))) {
        throw new AppError(ERROR_CODES.CAPTCHA_REQUIRED, '图形验证码错误，请重新输入', {
          captchaRequired: true,
        });
      }
    }

    const user = await repo.findUserByLogValue(this.db, account);
    // Verify against a dummy hash for unknown accounts so timing does not reveal which accounts exist.
    const passwordOk = await verifyPassword(passWord, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
    if (!user || !passwordOk) return this.failLogin(account, user, meta);

    this.refuseUnusable(user);
    if (body.loginRoleType && body.loginRoleType !== user.loginRoleType) {
      throw badRequest('该账号不能以所选身份登录，请切换登录方式');
    }

    await repo.clearLoginFailures(this.db, account);
    return this.startSession(user, '登录', meta);
  }

  /**
   * Signs in the account `userId` whose holder a module has proven by other means than the password
   * (an SMS code, a WeChat scan, a CA signature): the same checks of the account's state, the same
   * session and the same answer as a password login; the operation log names the way
   * (`登录（短信验证码）`). The module's `signIn` seam (engine/modules.ts).
   */
  async signInProven(userId: string, way: string, meta: RequestMeta): Promise<LoginResult> {
    const user = await repo.findUserById(this.db, userId);
    if (!user) throw badRequest('账号不存在');
    this.refuseUnusable(user);
    return this.startSession(user, `登录（${way}）`, meta);
  }

  private refuseUnusable(user: repo.UserRow) {
    if (user.status === 'inactive') throw badRequest('账号未激活，请先激活账号');
    if (user.status === 'disabled') throw new AppError(ERROR_CODES.FORBIDDEN, '账号已被停用，请联系管理员');
  }

  private async startSession(user: repo.UserRow, action: string, meta: RequestMeta): Promise<LoginResult> {
    const { token, session } = await this.db.transaction(async (tx) => {
      if (this.config.SESSION_SINGLE) await endUserSessions(tx, user.id, 'elsewhere');
      const issued = await this.issueSession(tx, user.id, meta);
      await recordOperation(tx, {
        user,
        action,
        targetType: 'session',
        targetId: user.userCode,
        ip: meta.ip,
      });
      return issued;
    });
    if (this.config.SESSION_SINGLE) this.cache.dropUser(user.id);
    return {
      token,
      userCode: user.userCode,
      codeStatus: user.codeStatus,
      practicingStatus: practicingStatusOf(user.practicingStatus),
      expiresAt: session.idleExpiresAt.toISOString(),
    };
  }

  private async failLogin(account: string, user: repo.UserRow | null, meta: RequestMeta): Promise<never> {
    const failures = await repo.incrementLoginFailures(this.db, account);
    await recordOperation(this.db, {
      user,
      action: '登录',
      targetType: 'session',
      targetId: account,
      result: '账号或密码错误',
      ip: meta.ip,
    });
    if (failures >= this.config.LOGIN_LOCK_AFTER) {
      const until = new Date(Date.now() + this.config.LOGIN_LOCK_MINUTES * 60 * 1000);
      // After the lock the captcha is still required: the account stays under suspicion.
      await repo.lockAccount(this.db, account, until, this.config.LOGIN_CAPTCHA_AFTER);
      throw lockedUntil(until);
    }
    const remaining = this.config.LOGIN_LOCK_AFTER - failures;
    throw new AppError(ERROR_CODES.BAD_REQUEST, `账号或密码错误，再失败${remaining}次账号将被临时锁定`, {
      captchaRequired: failures >= this.config.LOGIN_CAPTCHA_AFTER,
    });
  }

  private async issueSession(db: Db, userId: string, meta: RequestMeta) {
    const token = newToken();
    const now = Date.now();
    const session = await repo.insertSession(db, {
      tokenHash: hashToken(token),
      userId,
      idleExpiresAt: new Date(now + this.config.SESSION_IDLE_MINUTES * 60 * 1000),
      absoluteExpiresAt: new Date(now + this.config.SESSION_MAX_HOURS * 3600 * 1000),
      ip: meta.ip,
      userAgent: meta.userAgent.slice(0, 300),
    });
    return { token, session };
  }

  /**
   * The session behind a token, or the code that says why there is none (10000, 10001, 10017).
   * A live session is served from the session cache while its limits hold; a refusal is always
   * the database's answer.
   */
  async authenticate(token: string | null): Promise<SessionUser> {
    if (!token) throw new AppError(ERROR_CODES.TOKEN_INVALID);
    const tokenHash = hashToken(token);
    const now = Date.now();
    const cached = this.cache.get(tokenHash, now);
    if (cached && cached.idleExpiresAt > now && cached.absoluteExpiresAt > now) {
      await this.touch(cached, now);
      return cached.user;
    }
    // Not cached, or past a limit it held when read: another instance may have slid it since.
    if (cached) this.cache.drop(tokenHash);
    const epoch = this.cache.begin();
    const found = await repo.findSessionWithUser(this.db, tokenHash);
    if (!found) throw new AppError(ERROR_CODES.TOKEN_INVALID);
    const { session, user } = found;
    if (session.endReason) {
      throw new AppError((END_REASON_CODES[session.endReason] ?? ERROR_CODES.TOKEN_INVALID) as 10000);
    }
    if (user.deletedAt || user.status !== 'active') throw new AppError(ERROR_CODES.SESSION_ENDED);
    if (session.idleExpiresAt.getTime() <= now || session.absoluteExpiresAt.getTime() <= now) {
      throw new AppError(ERROR_CODES.TOKEN_EXPIRED);
    }
    const entry = {
      user: {
        id: user.id,
        userCode: user.userCode,
        userName: user.userName,
        loginRoleType: user.loginRoleType,
        enterpriseId: user.enterpriseId,
        sessionId: session.id,
      },
      lastSeenAt: session.lastSeenAt.getTime(),
      idleExpiresAt: session.idleExpiresAt.getTime(),
      absoluteExpiresAt: session.absoluteExpiresAt.getTime(),
      readAt: now,
    };
    await this.touch(entry, now);
    this.cache.put(tokenHash, entry, epoch);
    return entry.user;
  }

  /** Slides the idle expiry when the last write is older than the touch interval (see MAX_TOUCH_INTERVAL_MS). */
  private async touch(
    entry: { user: SessionUser; lastSeenAt: number; idleExpiresAt: number },
    now: number,
  ): Promise<void> {
    const idleMs = this.config.SESSION_IDLE_MINUTES * 60 * 1000;
    if (now - entry.lastSeenAt <= Math.min(MAX_TOUCH_INTERVAL_MS, idleMs / 4)) return;
    // Set first: the requests of this session that arrive while the write runs do not write again.
    const before = { lastSeenAt: entry.lastSeenAt, idleExpiresAt: entry.idleExpiresAt };
    entry.lastSeenAt = now;
    entry.idleExpiresAt = now + idleMs;
    try {
      await repo.touchSession(this.db, entry.user.sessionId, new Date(now), new Date(now + idleMs));
    } catch (error) {
      Object.assign(entry, before);
      throw error;
    }
  }

  async expiresAt(sessionId: string, token: string): Promise<string> {
    const found = await repo.findSessionWithUser(this.db, hashToken(token));
    if (!found || found.session.id !== sessionId) throw new AppError(ERROR_CODES.TOKEN_INVALID);
    const { idleExpiresAt, absoluteExpiresAt } = found.session;
    return new Date(Math.min(idleExpiresAt.getTime(), absoluteExpiresAt.getTime())).toISOString();
  }

  /** Swaps the token for a new one with fresh limits; the old token answers 10000 from now on. */
  async refresh(user: SessionUser, meta: RequestMeta) {
    const refreshed = await this.db.transaction(async (tx) => {
      await repo.endSession(tx, user.sessionId, 'refreshed');
      const { token, session } = await this.issueSession(tx, user.id, meta);
      return { token, expiresAt: session.idleExpiresAt.toISOString() };
    });
    // Here at once; the other instances when the bus brings the announcement (repo.endSession).
    this.cache.dropSession(user.sessionId);
    return refreshed;
  }

  async logout(user: SessionUser, meta: RequestMeta): Promise<void> {
    await this.db.transaction(async (tx) => {
      await repo.endSession(tx, user.sessionId, 'logout');
      await recordOperation(tx, {
        user,
        action: '退出登录',
        targetType: 'session',
        targetId: user.userCode,
        ip: meta.ip,
      });
    });
    this.cache.dropSession(user.sessionId);
  }

  async userInfo(sessionUser: SessionUser): Promise<UserInfo> {
    const found = await repo.findUserWithEnterprise(this.db, sessionUser.id);
    if (!found) throw new AppError(ERROR_CODES.SESSION_ENDED);
    const { user, enterprise } = found;
    return {
      id: asUserCode(user.userCode),
      userCode: asUserCode(user.userCode),
      userName: user.userName,
      photo: user.photo,
      phone: maskPhone(user.phone),
      loginRoleType: user.loginRoleType,
      roles: rolesOf(user.loginRoleType, user.roles),
      practicingStatus: practicingStatusOf(user.practicingStatus),
      enterprise: enterprise
        ? {
            id: enterprise.id,
            name: enterprise.name,
            creditCode: enterprise.creditCode,
            enterpriseType: enterprise.enterpriseType,
          }
        : null,
      homeUrl: HOME_URLS[user.loginRoleType],
      ...(user.loginRoleType === 'P' ? { idNumber: maskIdNumber(user.idNumber ?? '') } : {}),
    };
  }

  /** Changes the caller's password and ends all their sessions, this one too (code 10017 afterwards). */
  async updateSecret(
    sessionUser: SessionUser,
    body: { oldPassWord: string; newPassWord: string; keyId: string },
    meta: RequestMeta,
  ) {
    const { oldPassWord, newPassWord } = await this.sealed.open(body.keyId, {
      oldPassWord: body.oldPassWord,
      newPassWord: body.newPassWord,
    });
    const checked = PasswordSchema.safeParse(newPassWord);
    if (!checked.success) {
      const message = checked.error.issues[0]?.message ?? '新密码不符合要求';
      throw badRequest(message, { newPassWord: message });
    }
    const user = await repo.findUserById(this.db, sessionUser.id);
    if (!user) throw new AppError(ERROR_CODES.SESSION_ENDED);
    if (!(await verifyPassword(oldPassWord, user.passwordHash))) {
      throw badRequest('原密码错误', { oldPassWord: '原密码错误' });
    }
    if (oldPassWord === newPassWord) {
      throw badRequest('新密码不能与原密码相同', { newPassWord: '新密码不能与原密码相同' });
    }
    const passwordHash = await hashPassword(newPassWord);
    await this.db.transaction(async (tx) => {
      await updatePassword(tx, user.id, passwordHash);
      await endUserSessions(tx, user.id, 'password_changed');
      await recordOperation(tx, {
        user,
        action: '修改密码',
        targetType: 'user',
        targetId: user.userCode,
        ip: meta.ip,
      });
    });
    this.cache.dropUser(user.id);
  }

  /** An administrator ends every session of a user: their next request gets 10017. */
  async kickUser(admin: SessionUser, userCode: string, meta: RequestMeta): Promise<number> {
    const { userId, ended } = await this.db.transaction(async (tx) => {
      const target = await repo.findUserByCode(tx, userCode);
      if (!target) throw new AppError(ERROR_CODES.NOT_FOUND, '用户不存在');
      const ended = await endUserSessions(tx, target.id, 'kicked');
      await recordOperation(tx, {
        user: admin,
        action: '强制下线',
        targetType: 'user',
        targetId: target.userCode,
        targetName: target.userName,
        detail: `结束会话${ended}个`,
        ip: meta.ip,
      });
      return { userId: target.id, ended };
    });
    this.cache.dropUser(userId);
    return ended;
  }
}

function lockedUntil(until: Date): AppError {
  const minutes = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60000));
  return new AppError(
    ERROR_CODES.ACCOUNT_LOCKED,
    `登录失败次数过多，账号已被临时锁定，请${minutes}分钟后再试`,
    { lockedUntil: until.toISOString() },
  );
}
