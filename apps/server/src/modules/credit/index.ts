import type { BusinessModule } from '../../engine/modules.ts';
import { seedDemoCredit } from './demo.ts';
import { registerCredit } from './engine.ts';
import { ensureCreditDefaults } from './repository.ts';
import { creditRoutes } from './routes.ts';
import { CreditService } from './service.ts';

/** 信用信息 (decision 0048): the credit system on the engine, its score, its change requests. */
export const CREDIT_MODULE: BusinessModule = {
  name: 'credit',
  register: registerCredit,
  async routes(app, { db, config, authenticate }) {
    await app.register(creditRoutes, {
      credit: new CreditService(db),
      loginVariant: config.LOGIN_VARIANT,
      authenticate,
      ratePerMinute: config.LOGIN_RATE_PER_MINUTE,
    });
  },
  defaults: ({ db }) => ensureCreditDefaults(db),
  demo: seedDemoCredit,
};
