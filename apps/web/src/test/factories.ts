import { generateKeyPairSync } from 'node:crypto';
import type { DeployConfig, PlatformInfo } from '@ks/contract/platform';
import type { UserInfo } from '@ks/contract/session';

let sequence = 0;
const next = () => {
  sequence += 1;
  return sequence;
};

export function makeUserInfo(overrides: Partial<UserInfo> = {}): UserInfo {
  const n = next();
  return {
    id: `user${n}`,
    userCode: `user${n}`,
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
