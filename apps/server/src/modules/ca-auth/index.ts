import type { BusinessModule } from '../../engine/modules.ts';
import { caAuthRoutes } from './routes.ts';
import { CaAuthService } from './service.ts';

/** CA证书登录与绑定 (decision 0080): /caLogin, /caLoginPage, /caRegister. No demo data: it needs a deployment's CA. */
export const CA_AUTH_MODULE: BusinessModule = {
  name: 'ca-auth',
  async routes(app, { db, config, signIn }) {
    await app.register(caAuthRoutes, {
      ca: new CaAuthService(db, config, signIn),
      loginRatePerMinute: config.LOGIN_RATE_PER_MINUTE,
    });
  },
};
