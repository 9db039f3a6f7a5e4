import { createHash, randomInt } from 'node:crypto';
import { ERROR_CODES, SMS_PURPOSE_LABELS, type SmsPurpose } from '@ks/contract';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { smsCodes } from '../../db/schema/identity.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import type { SmsCodes } from '../../platform/sms-codes.ts';
import type { SmsProvider } from './providers.ts';

const MAX_ATTEMPTS = 5;
const hashCode = (phone: string, code: string) =>
  createHash('sha256').update(`${phone}:${code}`).digest('hex');

/** Verification codes: six digits, expiring, single-use, limited per phone per minute and per day. */
export class SmsService implements SmsCodes {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly provider: SmsProvider,
  ) {}

  async sendCode(phone: string, purpose: SmsPurpose): Promise<void> {
    await this.checkSendRate(phone);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const ttl = this.config.SMS_CODE_TTL_MINUTES;
    await this.db.insert(smsCodes).values({
      phone,
      purpose,
      codeHash: hashCode(phone, code),
      expiresAt: new Date(Date.now() + ttl * 60 * 1000),
    });
    await this.provider.send({
      phone,
      purpose,
      text: `【KS平台】您正在${SMS_PURPOSE_LABELS[purpose]}，验证码为${code}，${ttl}分钟内有效，请勿泄露给他人。`,
    });
  }

  async sendText(phone: string, purpose: SmsPurpose, text: string): Promise<void> {
    await this.provider.send({ phone, purpose, text });
  }

  private async checkSendRate(phone: string): Promise<void> {
    const dayAgo = new Date(Date.now() - 24 * 3600 * 1000);
    const [stats] = await this.db
      .select({ count: sql<number>`count(*)::int`, last: sql<Date | null>`max(${smsCodes.createdAt})` })
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, phone), gt(smsCodes.createdAt, dayAgo)));
    const last = stats?.last ? new Date(stats.last) : null;
    const waitMs = last ? last.getTime() + this.config.SMS_RESEND_SECONDS * 1000 - Date.now() : 0;
    if (waitMs > 0) {
      throw new AppError(
        ERROR_CODES.TOO_MANY_REQUESTS,
        `验证码发送过于频繁，请${Math.ceil(waitMs / 1000)}秒后再试`,
      );
    }
    if ((stats?.count ?? 0) >= this.config.SMS_DAILY_LIMIT) {
      throw new AppError(ERROR_CODES.TOO_MANY_REQUESTS, '该手机号今日获取验证码次数已达上限，请明天再试');
    }
  }

  /**
   * Checks a code and counts the attempt; returns the code's id for `consumeCode`. Call it before the
   * transaction of the guarded action: on PGlite a statement outside an open transaction would wait for it.
   */
  async checkCode(phone: string, purpose: SmsPurpose, code: string): Promise<string> {
    const [row] = await this.db
      .select()
      .from(smsCodes)
      .where(
        and(
          eq(smsCodes.phone, phone),
          eq(smsCodes.purpose, purpose),
          isNull(smsCodes.usedAt),
          gt(smsCodes.expiresAt, new Date()),
        ),
      )
      .orderBy(desc(smsCodes.createdAt))
      .limit(1);
    if (!row) throw invalidCode('验证码已失效，请重新获取');
    if (row.attempts >= MAX_ATTEMPTS) throw invalidCode('验证码错误次数过多，请重新获取');
    if (row.codeHash !== hashCode(phone, code)) {
      await this.db
        .update(smsCodes)
        .set({ attempts: sql`${smsCodes.attempts} + 1` })
        .where(eq(smsCodes.id, row.id));
      throw invalidCode('验证码错误');
    }
    return row.id;
  }

  /** Uses a checked code up, inside the transaction of the action it guards: single use even under races. */
  async consumeCode(tx: Db, codeId: string): Promise<void> {
    const used = await tx
      .update(smsCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(smsCodes.id, codeId), isNull(smsCodes.usedAt)))
      .returning({ id: smsCodes.id });
    if (used.length === 0) throw invalidCode('验证码已失效，请重新获取');
  }
}

const invalidCode = (message: string) => badRequest(message, { smsCode: message });
