import type { Config } from '../../config.ts';
import type { BusinessModule } from '../../engine/modules.ts';
import { seedDemoLogins } from './demo.ts';
import {
  LocalIdentityChecker,
  LocalWechatLogin,
  type WechatLogin,
  WechatOpenPlatformLogin,
} from './providers.ts';
import { loginsRoutes } from './routes.ts';
import { IdentityChecks, LoginsService } from './service.ts';

/** The WeChat provider the configuration names; WeChat itself needs the 网站应用's app id and secret. */
export function wechatLoginOf(config: Config): WechatLogin {
  if (config.WECHAT_LOGIN_PROVIDER === 'local') return new LocalWechatLogin(config.PUBLIC_URL);
  if (!config.WECHAT_APP_ID || !config.WECHAT_APP_SECRET) {
    throw new Error('WECHAT_LOGIN_PROVIDER=wechat needs WECHAT_APP_ID and WECHAT_APP_SECRET');
  }
  return new WechatOpenPlatformLogin(
    config.WECHAT_APP_ID,
    config.WECHAT_APP_SECRET,
    `${config.PUBLIC_URL}/ks/common/wechat/callback`,
  );
}

/** SMS and WeChat QR login, real-name and credit-code checks (decision 0079). */
export const LOGINS_MODULE: BusinessModule = {
  name: 'logins',
  async routes(app, { db, sms, signIn, config }) {
    if (config.WECHAT_LOGIN_PROVIDER === 'local') {
      app.log.warn(
        'WeChat login provider is LOCAL: anyone may "scan" as any identity; set WECHAT_LOGIN_PROVIDER=wechat in production',
      );
    }
    await app.register(loginsRoutes, {
      logins: new LoginsService(db, sms, signIn, wechatLoginOf(config)),
      checks: new IdentityChecks(new LocalIdentityChecker()),
      ratePerMinute: config.LOGIN_RATE_PER_MINUTE,
    });
  },
  async demo(seed) {
    // The demo binds through the local provider: it needs neither SMS nor a session start.
    const notUsed = () => Promise.reject(new Error('not used by the logins demo'));
    const logins = new LoginsService(
      seed.db,
      { sendCode: notUsed, sendText: notUsed, checkCode: notUsed, consumeCode: notUsed },
      notUsed,
      new LocalWechatLogin(''),
    );
    await seedDemoLogins(seed, logins);
  },
};
