import { createHash } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { Db } from '../../db/client.ts';
import { captchas } from '../../db/schema/identity.ts';

const CAPTCHA_TTL_MS = 5 * 60 * 1000;

const hashAnswer = (answer: string) => createHash('sha256').update(answer.trim().toLowerCase()).digest('hex');

/** A new image captcha; only the hash of its answer is kept, for five minutes. */
export async function createCaptcha(db: Db): Promise<{ captchaId: string; image: string }> {
  const captcha = svgCaptcha.create({
    size: 4,
    noise: 2,
    ignoreChars: '0oO1ilI',
    color: true,
    background: '#f2f5fa',
  });
  await db.delete(captchas).where(lt(captchas.expiresAt, new Date()));
  const [row] = await db
    .insert(captchas)
    .values({ answerHash: hashAnswer(captcha.text), expiresAt: new Date(Date.now() + CAPTCHA_TTL_MS) })
    .returning({ id: captchas.id });
  const image = `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}`;
  return { captchaId: row?.id ?? '', image };
}

/** Checks and consumes a captcha: each one answers a single attempt, right or wrong. */
export async function consumeCaptcha(db: Db, captchaId: string, answer: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/.test(captchaId)) return false;
  const [row] = await db.delete(captchas).where(eq(captchas.id, captchaId)).returning();
  return !!row && row.expiresAt > new Date() && row.answerHash === hashAnswer(answer);
}
