import { createHash, randomBytes } from 'node:crypto';
import {
  ERROR_CODES,
  type LoginRoleType,
  PasswordSchema,
  type RegistrationBodySchema,
  type ResetSecretBodySchema,
  type UserRegisterBodySchema,
} from '@ks/contract';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, conflict } from '../../platform/errors.ts';
import { recordOperation } from '../../platform/operation-log.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { maskPhone } from '../../platform/phones.ts';
import type { SealedFields } from '../../platform/sealed-fields.ts';
import type { SmsCodes } from '../../platform/sms-codes.ts';
import { endUserSessions, updatePassword } from '../../platform/user-sessions.ts';
import * as repo from './repository.ts';

const ACTIVATION_TTL_MS = 7 * 24 * 3600 * 1000;
const hashActivation = (code: string) => createHash('sha256').update(code).digest('hex');

/** A user code people can read out on the phone: role letter, time, randomness. */
export const newUserCode = (role: LoginRoleType) =>
  `${role}${Date.now().toString(36).toUpperCase()}${randomBytes(2).toString('hex').toUpperCase()}`;

type NewAccount = {
  account: string;
  userName: string;
  phone: string;
  smsCode: string;
  passWord: string;
  keyId: string;
};

/** Self-service accounts: enterprise and personnel registration, activation and password reset. */
export class AccountService {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly sealed: SealedFields,
    private readonly sms: SmsCodes,
  ) {}

  async isEnterpriseRegistered(creditCode: string): Promise<boolean> {
    return !!(await repo.findLiveEnterpriseByCreditCode(this.db, creditCode));
  }

  /** Enterprise registration: the enterprise and its account (U), inactive until the SMS link is opened. */
  async registerEnterprise(body: z.infer<typeof RegistrationBodySchema>, ip: string) {
    const prepared = await this.prepareAccount({ ...body, userName: body.contactName });
    if (await this.isEnterpriseRegistered(body.creditCode)) {
      throw conflict('该统一社会信用代码的企业已注册，请直接登录或联系企业管理员');
    }
    return this.createInactiveUser(prepared, 'U', ip, async (tx) => {
      const enterprise = await repo.insertEnterprise(tx, {
        name: body.enterpriseName,
        creditCode: body.creditCode,
        enterpriseType: body.enterpriseType,
      });
      return enterprise.id;
    });
  }

  /** Personnel registration: a personnel account (P), inactive until the SMS link is opened. */
  async registerPersonnel(body: z.infer<typeof UserRegisterBodySchema>, ip: string) {
    const prepared = await this.prepareAccount(body);
    return this.createInactiveUser(prepared, 'P', ip, async () => null);
  }

  /** Everything checkable before the transaction: password rule, phone code, unique account and phone. */
  private async prepareAccount(body: NewAccount) {
    const { passWord } = await this.sealed.open(body.keyId, { passWord: body.passWord });
    const rule = PasswordSchema.safeParse(passWord);
    if (!rule.success) {
      const message = rule.error.issues[0]?.message ?? '密码不符合要求';
      throw badRequest(message, { passWord: message });
    }
    const account = body.account.toLowerCase();
    if (await repo.isAccountTaken(this.db, account))
      throw badRequest('该账号已被使用', { account: '该账号已被使用' });
    if ((await repo.findLiveUsersByPhone(this.db, body.phone)).length > 0) {
      throw badRequest('该手机号已注册', { phone: '该手机号已注册' });
    }
    const codeId = await this.sms.checkCode(body.phone, 'register', body.smsCode);
    return {
      account,
      userName: body.userName,
      phone: body.phone,
      codeId,
      passwordHash: await hashPassword(passWord),
    };
  }

  private async createInactiveUser(
    prepared: Awaited<ReturnType<AccountService['prepareAccount']>>,
    role: LoginRoleType,
    ip: string,
    createEnterprise: (tx: Db) => Promise<string | null>,
  ) {
    const activationCode = randomBytes(16).toString('hex');
    const user = await this.db.transaction(async (tx) => {
      await this.sms.consumeCode(tx, prepared.codeId);
      const enterpriseId = await createEnterprise(tx);
      const created = await repo.insertUser(tx, {
        userCode: newUserCode(role),
        account: prepared.account,
        phone: prepared.phone,
        userName: prepared.userName,
        loginRoleType: role,
        passwordHash: prepared.passwordHash,
        status: 'inactive',
        enterpriseId,
      });
      await repo.insertActivationCode(tx, {
        codeHash: hashActivation(activationCode),
        userId: created.id,
        expiresAt: new Date(Date.now() + ACTIVATION_TTL_MS),
      });
      await recordOperation(tx, {
        user: created,
        action: '注册',
        targetType: 'user',
        targetId: created.userCode,
        ip,
      });
      return created;
    });
    const link = `${this.config.PUBLIC_URL}/activate?activationCode=${activationCode}`;
    await this.sms.sendText(
      user.phone,
      'activate',
      `【KS平台】您的账号${user.account}已注册，请在7天内打开以下链接激活：${link}`,
    );
    return { userCode: user.userCode, activationRequired: true as const };
  }

  async verifyActivation(activationCode: string) {
    const found = await repo.findActivation(this.db, hashActivation(activationCode));
    if (!found || found.activation.expiresAt < new Date())
      throw badRequest('激活链接无效或已过期，请联系管理员');
    if (found.activation.usedAt || found.user.status === 'active') throw badRequest('账号已激活，请直接登录');
    return { account: found.user.account, userName: found.user.userName, phone: maskPhone(found.user.phone) };
  }

  async activate(activationCode: string, ip: string): Promise<void> {
    const { account } = await this.verifyActivation(activationCode);
    await this.db.transaction(async (tx) => {
      const found = await repo.findActivation(tx, hashActivation(activationCode));
      if (!found || !(await repo.useActivation(tx, hashActivation(activationCode)))) {
        throw badRequest('账号已激活，请直接登录');
      }
      await repo.activateUser(tx, found.user.id);
      await recordOperation(tx, {
        user: found.user,
        action: '激活账号',
        targetType: 'user',
        targetId: account,
        ip,
      });
    });
  }

  /** Forgotten password: a code sent to the account's phone sets a new one and ends every session. */
  async resetSecret(body: z.infer<typeof ResetSecretBodySchema>, ip: string): Promise<void> {
    const { newPassWord } = await this.sealed.open(body.keyId, { newPassWord: body.newPassWord });
    const rule = PasswordSchema.safeParse(newPassWord);
    if (!rule.success) {
      const message = rule.error.issues[0]?.message ?? '密码不符合要求';
      throw badRequest(message, { newPassWord: message });
    }
    const owners = await repo.findLiveUsersByPhone(this.db, body.phone);
    const codeId = await this.sms.checkCode(body.phone, 'reset', body.smsCode);
    if (owners.length === 0) throw new AppError(ERROR_CODES.NOT_FOUND, '该手机号未绑定账号');
    const passwordHash = await hashPassword(newPassWord);
    await this.db.transaction(async (tx) => {
      await this.sms.consumeCode(tx, codeId);
      for (const owner of owners) {
        await updatePassword(tx, owner.id, passwordHash);
        await endUserSessions(tx, owner.id, 'password_changed');
        await recordOperation(tx, {
          user: owner,
          action: '重置密码',
          targetType: 'user',
          targetId: owner.userCode,
          ip,
        });
      }
    });
  }
}
