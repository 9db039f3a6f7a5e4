import { constants, generateKeyPairSync, privateDecrypt, randomUUID } from 'node:crypto';
import {
  asBusinessId,
  asNodeId,
  asPersonId,
  asUserCode,
  asUserId,
  type BusinessId,
  type NodeId,
  type PersonId,
  type UserCode,
  type UserId,
} from '@ks/contract/ids';
import type { DeployConfig, PlatformInfo } from '@ks/contract/platform';
import { isCreditCode, type SmsOutboxEntry, type UserInfo } from '@ks/contract/session';

let sequence = 0;
const next = () => {
  sequence += 1;
  return sequence;
};

/** A user's UUID, shaped as the server makes them. */
export const makeUserId = (): UserId => asUserId(randomUUID());
/** An account code, shaped as the server makes them: never equal to any user's UUID. */
export const makeUserCode = (): UserCode => asUserCode(`KS${String(next()).padStart(8, '0')}`);
/**
 * A row's UUID, shaped as the server makes them: a record, transfer, claim, certificate, credit
 * item, cost project, file, upload task, system, help group, contact or enterprise (a registered
 * person has makePersonId, a menu node makeNodeId). The server's bodies refuse anything else (`z.uuid(...)`),
 * so a test that sends a toy id back would pass against a server that never would.
 */
export const makeRecordId = (): string => randomUUID();
/** A node's id: the UUID of its menu node, which authority, the builder and definitions key by. */
export const makeNodeId = (): NodeId => asNodeId(randomUUID());
/** A registered person's id (注册人员): the UUID of the market's registration record. */
export const makePersonId = (): PersonId => asPersonId(randomUUID());
/**
 * A record's business number, shaped as the server makes them (local time to the second, a dash and
 * four digits): never a UUID, so a test cannot pass one where the record's id is meant.
 */
export const makeBusinessId = (): BusinessId =>
  asBusinessId(`20261101083000-${String(next()).padStart(4, '0')}`);

export function makeUserInfo(overrides: Partial<UserInfo> = {}): UserInfo {
  const n = next();
  const code = makeUserCode();
  return {
    id: code,
    userCode: code,
    userName: `测试用户${n}`,
    photo: '',
    phone: '13800138000',
    loginRoleType: 'P',
    roles: ['user'],
    practicingStatus: { abnormal: false, practiceDetails: [] },
    enterprise: null,
    homeUrl: '/userCenter/uCenter',
    ...overrides,
  };
}

export function makePlatformInfo(overrides: Partial<PlatformInfo> = {}): PlatformInfo {
  return {
    platformName: `测试平台${next()}`,
    describe: '<p>主办单位：测试中心</p>',
    filingsCoding: '浙ICP备00000000号',
    version: '1.0.0',
    supportPhone: '0571-88888888',
    revision: 1,
    ...overrides,
  };
}

export const makeDeployConfig = (overrides: Partial<DeployConfig> = {}): DeployConfig => ({
  loginVariant: 'plain',
  deploymentType: 'default',
  supportChannelKey: '',
  bidHallUrl: '',
  ...overrides,
});

/** One RSA pair per test file: the browser side encrypts with the public half, tests decrypt. */
export function makeKeyPair() {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

/** Opens a field sealed by the browser side: `{v, n, t}` as the server would read it. */
export function openSealedField(privateKey: string, cipherText: string) {
  return JSON.parse(
    privateDecrypt(
      { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(cipherText, 'base64'),
    ).toString('utf8'),
  ) as { v: string; n: string; t: number };
}

/** A unique unified social credit code with a correct check character. */
export function makeCreditCode() {
  const body = `91330100MA${String(next()).padStart(7, '0')}`;
  for (const check of '0123456789ABCDEFGHJKLMNPQRTUWXY') {
    if (isCreditCode(body + check)) return body + check;
  }
  throw new Error(`no check character for ${body}`);
}

/** A unique 32-hex activation code, as sent in the SMS link. */
export const makeActivationCode = () => next().toString(16).padStart(32, 'a');

export const makeSmsOutboxEntry = (overrides: Partial<SmsOutboxEntry> = {}): SmsOutboxEntry => {
  const n = next();
  return {
    id: `sms-${n}`,
    phone: `138${String(n).padStart(8, '0')}`,
    purpose: 'register',
    text: `【测试平台】您的注册验证码为${String(100000 + n)}，5分钟内有效。`,
    provider: 'local',
    createdAt: '2024-05-01T08:30:00',
    ...overrides,
  };
};
