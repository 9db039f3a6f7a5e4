import { CA_AUTH_MESSAGES, CA_AUTH_PATHS, type CaCertificate } from '@ks/contract/ca-auth';
import { screen, waitFor } from '@testing-library/react';
import { sm2 } from 'sm-crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useSessionStore } from '@/lib/session-store.ts';
import { makeDeployConfig, makePlatformInfo, makeUserInfo } from '@/test/factories.ts';
import { failure, type MockHandler, mockFetch, ok, takeUnexpectedRequests } from '@/test/fetch-mock.ts';
import { renderRoute } from '@/test/render-route.tsx';
import { signInAs } from '@/test/sign-in.ts';
import { waitBound } from '@/test/waits.ts';
import { SIGNER_MESSAGES } from '../signer.ts';

const WAIT = waitBound(3);
afterEach(() => expect(takeUnexpectedRequests()).toEqual([]));

const CERTIFICATE_PEM = '-----BEGIN CERTIFICATE-----\nMIIBfake\n-----END CERTIFICATE-----\n';
const CHALLENGE = 'ks-ca-login:abc:2026-11-29T00:00:00.000Z';

let keys: CryptoKeyPair;
let keyPem: string;

beforeAll(async () => {
  keys = await crypto.subtle.generateKey(
    {
      name: 'RSASSA-PKCS1-v1_5',
      modulusLength: 2048,
      publicExponent: new Uint8Array([1, 0, 1]),
      hash: 'SHA-256',
    },
    true,
    ['sign', 'verify'],
  );
  const pkcs8 = new Uint8Array(await crypto.subtle.exportKey('pkcs8', keys.privateKey));
  keyPem = `-----BEGIN PRIVATE KEY-----\n${btoa(String.fromCharCode(...pkcs8))}\n-----END PRIVATE KEY-----\n`;
});

const publicCalls = () => ({
  'GET /ks/common/deploy-config': ok(makeDeployConfig()),
  'GET /ks/common/platform-info': ok(makePlatformInfo()),
});

const challengeAnswer = ok({
  challengeId: '11111111-1111-4111-8111-111111111111',
  challenge: CHALLENGE,
  expiresAt: '2099-01-01T00:00:00.000Z',
});

const certificate = (overrides: Partial<CaCertificate> = {}): CaCertificate => ({
  id: '22222222-2222-4222-8222-222222222222',
  serialNumber: '1a2b3c',
  issuer: 'CN=KS Test RSA CA, O=KS, C=CN',
  subject: 'CN=张三, O=某建设集团, C=CN',
  fingerprint: 'ab'.repeat(32),
  algorithm: 'RSA',
  notAfter: '2027-01-01T00:00:00.000Z',
  daysLeft: 10,
  warning: '证书将在10天后到期，请尽快更新证书',
  boundAt: '2026-11-01T00:00:00.000Z',
  version: 1,
  ...overrides,
});

async function chooseFiles(user: ReturnType<typeof renderRoute>['user'], key = keyPem) {
  await user.upload(
    await screen.findByLabelText('证书文件', { selector: 'input' }, WAIT),
    new File([CERTIFICATE_PEM], 'zhangsan.pem'),
  );
  await user.upload(
    screen.getByLabelText('私钥文件', { selector: 'input' }),
    new File([key], 'zhangsan.key'),
  );
}

const verifies = async (signature: string) =>
  crypto.subtle.verify(
    'RSASSA-PKCS1-v1_5',
    keys.publicKey,
    Uint8Array.from(atob(signature), (c) => c.charCodeAt(0)),
    new TextEncoder().encode(CHALLENGE),
  );

describe('/caLogin', () => {
  it('opens without a token and leads to certificate login and binding', async () => {
    mockFetch(publicCalls());
    renderRoute('/caLogin');
    expect(await screen.findByRole('heading', { name: 'CA登录' }, WAIT)).toBeTruthy();
    expect(screen.getByRole('link', { name: '证书登录' }).getAttribute('href')).toBe('/caLoginPage');
    expect(screen.getByRole('link', { name: '证书注册（绑定证书）' }).getAttribute('href')).toBe(
      '/caRegister',
    );
    expect(screen.queryByText('此页面尚未开放')).toBeNull();
  });
});

describe('/caLoginPage', () => {
  it('signs the challenge with the chosen key (the local signer) and starts the session', async () => {
    const logins: Record<string, string>[] = [];
    const userInfo = makeUserInfo({ homeUrl: '/caLogin' });
    const login: MockHandler = ({ body }) => {
      logins.push(body as Record<string, string>);
      return ok({
        token: 'ca-token',
        userCode: userInfo.id,
        codeStatus: '1',
        practicingStatus: { abnormal: false, practiceDetails: [] },
        expiresAt: '2099-01-01T00:00:00.000Z',
        certificateWarning: null,
      });
    };
    mockFetch({
      ...publicCalls(),
      [`POST ${CA_AUTH_PATHS.challenge}`]: challengeAnswer,
      [`POST ${CA_AUTH_PATHS.login}`]: login,
      'GET /ks/individual/user-info': ok(userInfo),
    });
    const { user, location } = renderRoute('/caLoginPage');
    expect(await screen.findByText('本地签名器', undefined, WAIT)).toBeTruthy();
    await chooseFiles(user);
    await user.click(screen.getByRole('button', { name: '证书登录' }));
    await waitFor(() => expect(location()).toBe('/caLogin'), WAIT);
    expect(logins[0]).toMatchObject({
      challengeId: '11111111-1111-4111-8111-111111111111',
      certificate: CERTIFICATE_PEM.trim(),
    });
    expect(await verifies(logins[0]?.signature ?? '')).toBe(true);
    expect(useSessionStore.getState().token).toBe('ca-token');
  });

  it('signs with an SM2 key (SM2/SM3, DER) when the key file holds one', async () => {
    const pair = sm2.generateKeyPairHex();
    const logins: Record<string, string>[] = [];
    mockFetch({
      ...publicCalls(),
      [`POST ${CA_AUTH_PATHS.challenge}`]: challengeAnswer,
      [`POST ${CA_AUTH_PATHS.login}`]: ({ body }) => {
        logins.push(body as Record<string, string>);
        return failure(400, 400, CA_AUTH_MESSAGES.notBound, { certificate: CA_AUTH_MESSAGES.notBound });
      },
    });
    const { user } = renderRoute('/caLoginPage');
    await chooseFiles(user, `${pair.privateKey}\n`);
    await user.click(await screen.findByRole('button', { name: '证书登录' }));
    expect(await screen.findByText(CA_AUTH_MESSAGES.notBound, undefined, WAIT)).toBeTruthy();
    const signatureHex = Buffer.from(logins[0]?.signature ?? '', 'base64').toString('hex');
    expect(sm2.doVerifySignature(CHALLENGE, signatureHex, pair.publicKey, { der: true, hash: true })).toBe(
      true,
    );
  });

  it('shows the server’s refusal of the signature under the key', async () => {
    mockFetch({
      ...publicCalls(),
      [`POST ${CA_AUTH_PATHS.challenge}`]: challengeAnswer,
      [`POST ${CA_AUTH_PATHS.login}`]: failure(400, 400, CA_AUTH_MESSAGES.badSignature, {
        signature: CA_AUTH_MESSAGES.badSignature,
      }),
    });
    const { user } = renderRoute('/caLoginPage');
    await chooseFiles(user);
    await user.click(await screen.findByRole('button', { name: '证书登录' }));
    expect(await screen.findByText(CA_AUTH_MESSAGES.badSignature, undefined, WAIT)).toBeTruthy();
    expect(useSessionStore.getState().token).toBeNull();
  });

  it('tells a key the local signer cannot use under the field, without calling the login', async () => {
    const logins: unknown[] = [];
    mockFetch({
      ...publicCalls(),
      [`POST ${CA_AUTH_PATHS.challenge}`]: challengeAnswer,
      [`POST ${CA_AUTH_PATHS.login}`]: ({ body }) => {
        logins.push(body);
        return ok(null);
      },
    });
    const { user } = renderRoute('/caLoginPage');
    await chooseFiles(user, '-----BEGIN EC PRIVATE KEY-----\nAAAA\n-----END EC PRIVATE KEY-----\n');
    await user.click(await screen.findByRole('button', { name: '证书登录' }));
    expect(await screen.findByText(SIGNER_MESSAGES.keyUnreadable, undefined, WAIT)).toBeTruthy();
    expect(logins).toEqual([]);
  });

  it('asks for both files before anything is sent', async () => {
    mockFetch(publicCalls());
    const { user } = renderRoute('/caLoginPage');
    await user.click(await screen.findByRole('button', { name: '证书登录' }, WAIT));
    expect(await screen.findByText('请选择证书文件', undefined, WAIT)).toBeTruthy();
    expect(screen.getByText('请选择私钥文件')).toBeTruthy();
  });
});

describe('/caRegister', () => {
  it('sends a visitor without a session to log in first, then back', async () => {
    mockFetch(publicCalls());
    renderRoute('/caRegister');
    expect(await screen.findByText('请先使用账号密码登录，再绑定证书', undefined, WAIT)).toBeTruthy();
    expect(screen.getByRole('link', { name: '去登录' }).getAttribute('href')).toBe(
      '/login?redirect=%2FcaRegister',
    );
  });

  it('binds a certificate for the signed-in account and lists the bound ones with their warnings', async () => {
    signInAs('U');
    const binds: Record<string, string>[] = [];
    const bound: CaCertificate[] = [certificate()];
    mockFetch({
      ...publicCalls(),
      [`GET ${CA_AUTH_PATHS.certificates}`]: () => ok(bound),
      [`POST ${CA_AUTH_PATHS.challenge}`]: challengeAnswer,
      [`POST ${CA_AUTH_PATHS.register}`]: ({ body }) => {
        binds.push(body as Record<string, string>);
        const added = certificate({
          id: '33333333-3333-4333-8333-333333333333',
          subject: 'CN=李四, O=KS',
          daysLeft: 300,
          warning: null,
        });
        bound.push(added);
        return ok(added);
      },
    });
    const { user } = renderRoute('/caRegister');
    expect(await screen.findByText('证书将在10天后到期，请尽快更新证书', undefined, WAIT)).toBeTruthy();
    await chooseFiles(user);
    await user.click(screen.getByRole('button', { name: '绑定证书' }));
    expect(await screen.findByText('证书绑定成功：CN=李四, O=KS', undefined, WAIT)).toBeTruthy();
    expect(await screen.findByText('CN=李四, O=KS（RSA）', undefined, WAIT)).toBeTruthy();
    expect(await verifies(binds[0]?.signature ?? '')).toBe(true);
  });
});

describe('/caRegister unbinding', () => {
  it('unbinds a certificate after confirmation, with its version', async () => {
    signInAs('U');
    const unbinds: unknown[] = [];
    let bound: CaCertificate[] = [certificate({ version: 3 })];
    mockFetch({
      ...publicCalls(),
      [`GET ${CA_AUTH_PATHS.certificates}`]: () => ok(bound),
      [`POST ${CA_AUTH_PATHS.unbind}`]: ({ body }) => {
        unbinds.push(body);
        bound = [];
        return ok(null);
      },
    });
    const { user } = renderRoute('/caRegister');
    await user.click(await screen.findByRole('button', { name: /^解\s*绑$/ }, WAIT));
    expect(await screen.findByText('确定解绑该证书吗？解绑后不能再用它登录。', undefined, WAIT)).toBeTruthy();
    expect(unbinds).toEqual([]);
    // The confirmation's own button is the last one of that name.
    await user.click(screen.getAllByRole('button', { name: /^解\s*绑$/ }).at(-1) as HTMLElement);
    expect(await screen.findByText('暂无绑定的证书', undefined, WAIT)).toBeTruthy();
    expect(unbinds).toEqual([{ id: '22222222-2222-4222-8222-222222222222', version: 3 }]);
  });
});
