import type { BusinessModule } from '../../engine/modules.ts';
import { seedDemoTradeNotices } from './demo.ts';
import { registerTradeNotices } from './engine.ts';
import { tradeNoticeRoutes } from './routes.ts';

/**
 * 交易公告 (decision 0076): tender, prequalification and change notices on a provided system, audited
 * by the centre, sent (发送) to be published at their time by a job, spread (展开) to the portal.
 */
export const TRADE_NOTICES_MODULE: BusinessModule = {
  name: 'trade-notices',
  register: registerTradeNotices,
  async routes(app, { db }) {
    await app.register(tradeNoticeRoutes, { db });
  },
  demo: seedDemoTradeNotices,
};
