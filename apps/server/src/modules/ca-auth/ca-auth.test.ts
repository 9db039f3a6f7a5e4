import {
  CA_AUTH_MESSAGES,
  CA_AUTH_PATHS,
  CaCertificateListEnvelopeSchema,
  CaChallengeEnvelopeSchema,
} from '@ks/contract';
import { KeyUsageFlags } from '@peculiar/asn1-x509';
import { count, eq, isNotNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, type TestActor, useTestApp } from '../../../test/helper.ts';
import { caCertificates, caChallenges } from '../../db/schema/ca-auth.ts';
import { operationLogs, sessions, users } from '../../db/schema/identity.ts';
import { CaAuthService } from './service.ts';
import { newCa, newCrl, newHolder, type TestHolder } from './test-pki.ts';

const DAY = 24 * 3600 * 1000;

// The test PKI, made now (decision 0080): a trusted RSA CA and SM2 CA, an untrusted CA, and one
// untrusted CA that copies the RSA CA's name (its certificates name the trusted issuer).
const rsaCa = newCa('RSA', 'CN=KS Test RSA CA, O=KS, C=CN');
const sm2Ca = newCa('SM2', 'CN=KS Test SM2 CA, O=KS, C=CN');
const strangerCa = newCa('RSA', 'CN=Stranger CA, O=Elsewhere, C=CN');
const impostorCa = newCa('RSA', rsaCa.dn);

const rsaRevoked = newHolder(rsaCa, 'CN=吊销证书, O=KS');
const sm2Revoked = newHolder(sm2Ca, 'CN=SM2吊销证书, O=KS');

const app = useTestApp({
  CA_TRUSTED_CERTS: rsaCa.pem + sm2Ca.pem,
  CA_CRLS: newCrl(rsaCa, [rsaRevoked]) + newCrl(sm2Ca, [sm2Revoked]),
  CA_EXPIRY_WARNING_DAYS: '30',
});

type Answer = { code: number; data: never; message: string; fields?: Record<string, string> };

async function post(url: string, payload: object, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await app().inject({ method: 'POST', url, payload, headers });
  return response.json() as Answer;
}

async function challenge(purpose: 'login' | 'register') {
  return CaChallengeEnvelopeSchema.parse(await post(CA_AUTH_PATHS.challenge, { purpose })).data;
}

/** A challenge of `purpose` signed by `holder` (or by `signer`'s key, for a wrong signature). */
async function signed(purpose: 'login' | 'register', holder: TestHolder, signer: TestHolder = holder) {
  const { challengeId, challenge: text } = await challenge(purpose);
  return {
    challengeId,
    certificate: holder.pem,
    signature: signer.key.sign(Buffer.from(text, 'utf8')).toString('base64'),
  };
}

async function bind(actor: TestActor, holder: TestHolder) {
  return post(CA_AUTH_PATHS.register, await signed('register', holder), actor.headers);
}

/** What a refusal must leave unchanged. */
async function written() {
  const db = app().db;
  const [[bindings], [used], [logs], [live]] = await Promise.all([
    db.select({ n: count() }).from(caCertificates),
    db.select({ n: count() }).from(caChallenges).where(isNotNull(caChallenges.usedAt)),
    db.select({ n: count() }).from(operationLogs),
    db.select({ n: count() }).from(sessions),
  ]);
  return { bindings: bindings?.n, used: used?.n, logs: logs?.n, sessions: live?.n };
}

async function expectRefused(answer: Promise<Answer>, message: string) {
  const before = await written();
  const result = await answer;
  expect(result.message).toBe(message);
  expect(result.code).not.toBe(200);
  expect(await written()).toEqual(before);
  return result;
}

let holder: TestActor;
let other: TestActor;

beforeAll(async () => {
  [holder, other] = await Promise.all([createActor(app(), 'U'), createActor(app(), 'P')]);
});

describe('CA login with an RSA certificate', () => {
  const good = newHolder(rsaCa, 'CN=张三, O=某建设集团, C=CN');

  it('binds to the signed-in account, then signs in by the certificate alone', async () => {
    const bound = await bind(holder, good);
    expect(bound.code).toBe(200);
    expect(bound.data).toMatchObject({ algorithm: 'RSA', warning: null });

    const login = await post(CA_AUTH_PATHS.login, await signed('login', good));
    expect(login.code).toBe(200);
    const { token, userCode, certificateWarning } = login.data as {
      token: string;
      userCode: string;
      certificateWarning: string | null;
    };
    expect(userCode).toBe(holder.userCode);
    expect(certificateWarning).toBeNull();
    const list = await app().inject({
      method: 'GET',
      url: CA_AUTH_PATHS.certificates,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(CaCertificateListEnvelopeSchema.parse(list.json()).data.map((c) => c.fingerprint)).toHaveLength(1);
    const [log] = await app()
      .db.select()
      .from(operationLogs)
      .where(eq(operationLogs.action, '登录（CA证书）'));
    expect(log?.userId).toBe(holder.id);
  });

  it('uses a challenge once', async () => {
    const body = await signed('login', good);
    expect((await post(CA_AUTH_PATHS.login, body)).code).toBe(200);
    await expectRefused(post(CA_AUTH_PATHS.login, body), CA_AUTH_MESSAGES.challengeUsed);
  });

  it('lets only one of two concurrent logins with one challenge through', async () => {
    const body = await signed('login', good);
    const answers = await Promise.all([post(CA_AUTH_PATHS.login, body), post(CA_AUTH_PATHS.login, body)]);
    expect(answers.map((answer) => answer.code).sort()).toEqual([200, 400]);
    expect(answers.find((answer) => answer.code === 400)?.message).toBe(CA_AUTH_MESSAGES.challengeUsed);
  });

  it('refuses a challenge issued for another purpose or unknown', async () => {
    const body = await signed('register', good);
    await expectRefused(post(CA_AUTH_PATHS.login, body), CA_AUTH_MESSAGES.challengeUnknown);
    await expectRefused(
      post(CA_AUTH_PATHS.login, { ...body, challengeId: '00000000-0000-4000-8000-000000000000' }),
      CA_AUTH_MESSAGES.challengeUnknown,
    );
  });

  it('refuses a signature made with another key, in Chinese, under the field', async () => {
    const stranger = newHolder(rsaCa, 'CN=李四, O=KS');
    const refused = await expectRefused(
      post(CA_AUTH_PATHS.login, await signed('login', good, stranger)),
      CA_AUTH_MESSAGES.badSignature,
    );
    expect(refused.message).toBe('签名验证失败，请确认证书与私钥匹配');
  });

  it('refuses expired, not yet valid, revoked, wrong-issuer, forged and non-signing certificates', async () => {
    const now = Date.now();
    const cases: [TestHolder, string][] = [
      [
        newHolder(rsaCa, 'CN=过期, O=KS', {
          notBefore: new Date(now - 400 * DAY),
          notAfter: new Date(now - DAY),
        }),
        CA_AUTH_MESSAGES.expired,
      ],
      [newHolder(rsaCa, 'CN=未生效, O=KS', { notBefore: new Date(now + DAY) }), CA_AUTH_MESSAGES.notYetValid],
      [rsaRevoked, CA_AUTH_MESSAGES.revoked],
      [newHolder(strangerCa, 'CN=外来, O=KS'), CA_AUTH_MESSAGES.untrustedIssuer],
      [newHolder(impostorCa, 'CN=冒名, O=KS'), CA_AUTH_MESSAGES.badCertificateSignature],
      [
        newHolder(rsaCa, 'CN=仅加密, O=KS', { usages: KeyUsageFlags.keyEncipherment }),
        CA_AUTH_MESSAGES.keyUsage,
      ],
    ];
    for (const [certificate, message] of cases) {
      await expectRefused(post(CA_AUTH_PATHS.login, await signed('login', certificate)), message);
      await expectRefused(bind(other, certificate), message);
    }
  });

  it('refuses an unreadable certificate and one bound to nobody', async () => {
    const body = await signed('login', good);
    await expectRefused(
      post(CA_AUTH_PATHS.login, { ...body, certificate: 'not a certificate' }),
      CA_AUTH_MESSAGES.certificateUnreadable,
    );
    await expectRefused(
      post(CA_AUTH_PATHS.login, await signed('login', newHolder(rsaCa, 'CN=未绑定, O=KS'))),
      CA_AUTH_MESSAGES.notBound,
    );
  });

  it('binds a certificate once, and only for a signed-in account', async () => {
    await expectRefused(bind(other, good), CA_AUTH_MESSAGES.alreadyBound);
    const anonymous = await post(
      CA_AUTH_PATHS.register,
      await signed('register', newHolder(rsaCa, 'CN=匿名, O=KS')),
    );
    expect(anonymous.code).not.toBe(200);
  });

  it('refuses a disabled account as a password login does', async () => {
    const disabled = await createActor(app(), 'U');
    const certificate = newHolder(rsaCa, 'CN=停用, O=KS');
    expect((await bind(disabled, certificate)).code).toBe(200);
    await app().db.update(users).set({ status: 'disabled' }).where(eq(users.id, disabled.id));
    const refused = await post(CA_AUTH_PATHS.login, await signed('login', certificate));
    expect(refused.message).toBe('账号已被停用，请联系管理员');
  });
});

describe('CA login with an SM2 (国密) certificate', () => {
  const good = newHolder(sm2Ca, 'CN=王五, O=某造价咨询公司, C=CN');

  it('binds and signs in with SM2/SM3 signatures', async () => {
    const personnel = await createActor(app(), 'P');
    expect((await bind(personnel, good)).data).toMatchObject({ algorithm: 'SM2' });
    const login = await post(CA_AUTH_PATHS.login, await signed('login', good));
    expect(login.code).toBe(200);
    expect((login.data as { userCode: string }).userCode).toBe(personnel.userCode);
  });

  it('refuses a wrong SM2 signature, an SM2 certificate on the CRL and one from an untrusted issuer', async () => {
    await expectRefused(
      post(CA_AUTH_PATHS.login, await signed('login', good, newHolder(sm2Ca, 'CN=他人, O=KS'))),
      CA_AUTH_MESSAGES.badSignature,
    );
    await expectRefused(
      post(CA_AUTH_PATHS.login, await signed('login', sm2Revoked)),
      CA_AUTH_MESSAGES.revoked,
    );
    const elsewhere = newCa('SM2', 'CN=Other SM2 CA, O=X, C=CN');
    await expectRefused(
      post(CA_AUTH_PATHS.login, await signed('login', newHolder(elsewhere, 'CN=外来, O=X'))),
      CA_AUTH_MESSAGES.untrustedIssuer,
    );
  });
});

describe('unbinding', () => {
  it('unbinds the caller’s own certificate at its version; login then refuses it; it may be bound again', async () => {
    const owner = await createActor(app(), 'U');
    const certificate = newHolder(rsaCa, 'CN=解绑, O=KS');
    const bound = (await bind(owner, certificate)).data as { id: string; version: number };

    await expectRefused(
      post(CA_AUTH_PATHS.unbind, { id: bound.id, version: bound.version }, other.headers),
      CA_AUTH_MESSAGES.bindingNotFound,
    );
    await expectRefused(
      post(CA_AUTH_PATHS.unbind, { id: bound.id, version: bound.version + 1 }, owner.headers),
      CA_AUTH_MESSAGES.stale,
    );
    const unbound = await post(CA_AUTH_PATHS.unbind, { id: bound.id, version: bound.version }, owner.headers);
    expect(unbound.code).toBe(200);
    const [log] = await app().db.select().from(operationLogs).where(eq(operationLogs.action, '解绑CA证书'));
    expect(log?.userId).toBe(owner.id);

    await expectRefused(
      post(CA_AUTH_PATHS.login, await signed('login', certificate)),
      CA_AUTH_MESSAGES.notBound,
    );
    expect((await bind(other, certificate)).code).toBe(200);
  });
});

describe('challenges', () => {
  it('removes challenges an hour past their expiry when new ones are issued', async () => {
    const [old] = await app()
      .db.insert(caChallenges)
      .values({ purpose: 'login', challenge: 'old', expiresAt: new Date(Date.now() - 2 * 3600 * 1000) })
      .returning();
    await challenge('login');
    expect(
      await app()
        .db.select()
        .from(caChallenges)
        .where(eq(caChallenges.id, old?.id ?? '')),
    ).toEqual([]);
  });
});

describe('expiry warning', () => {
  it('warns at login and in the list when a bound certificate expires within the configured days', async () => {
    const owner = await createActor(app(), 'U');
    const soon = newHolder(rsaCa, 'CN=将到期, O=KS', {
      notAfter: new Date(Date.now() + 10 * DAY + 3600 * 1000),
    });
    expect((await bind(owner, soon)).data).toMatchObject({
      daysLeft: 10,
      warning: '证书将在10天后到期，请尽快更新证书',
    });
    const login = await post(CA_AUTH_PATHS.login, await signed('login', soon));
    expect((login.data as { certificateWarning: string }).certificateWarning).toBe(
      '证书将在10天后到期，请尽快更新证书',
    );
    const list = await app().inject({
      method: 'GET',
      url: CA_AUTH_PATHS.certificates,
      headers: owner.headers,
    });
    expect(CaCertificateListEnvelopeSchema.parse(list.json()).data[0]?.warning).toContain('10天');
  });
});

describe('trust not configured', () => {
  it('refuses every certificate, writing nothing', async () => {
    const service = new CaAuthService(
      app().db,
      {
        CA_TRUSTED_CERTS: undefined,
        CA_CRLS: undefined,
        CA_CHALLENGE_SECONDS: 120,
        CA_EXPIRY_WARNING_DAYS: 30,
      },
      () => Promise.reject(new Error('no session may be issued')),
    );
    const certificate = newHolder(rsaCa, 'CN=无信任, O=KS');
    const { challengeId, challenge: text } = await service.challenge('login');
    const signature = certificate.key.sign(Buffer.from(text, 'utf8')).toString('base64');
    const before = await written();
    await expect(
      service.login(
        { challengeId, certificate: certificate.pem, signature },
        { ip: '127.0.0.1', userAgent: '' },
      ),
    ).rejects.toThrow(CA_AUTH_MESSAGES.noTrustedCa);
    expect(await written()).toEqual(before);
  });
});
