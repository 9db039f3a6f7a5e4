import type { BusinessModule } from '../../engine/modules.ts';
import { MarketAdminService } from './admin.ts';
import { CertificateService } from './certificates.ts';
import { seedDemoMarket } from './demo.ts';
import { seedDemoMarketAdmin } from './demo-admin.ts';
import { registerMarket } from './engine.ts';
import { IdentityService } from './identity.ts';
import { marketRoutes } from './routes.ts';
import { MarketService } from './service.ts';
import { TransferService } from './transfers.ts';

/** 企业信息 (decision 0051): enterprises, their personnel, certificates, 业绩 and transfers. */
export const MARKET_MODULE: BusinessModule = {
  name: 'market',
  register: registerMarket,
  async routes(app, { db, config, sms, userNotices }) {
    await app.register(marketRoutes, {
      market: new MarketService(db),
      admin: new MarketAdminService(db),
      certificates: new CertificateService(db),
      transfers: new TransferService(db, userNotices, config.TRANSFER_DAILY_LIMIT),
      identity: new IdentityService(db, sms, userNotices),
    });
  },
  async demo(seed) {
    await seedDemoMarket(seed);
    await seedDemoMarketAdmin(seed);
  },
};
