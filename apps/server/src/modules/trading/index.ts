import { timelineLimitsOf } from '../../config.ts';
import type { BusinessModule } from '../../engine/modules.ts';
import { seedDemoTrading } from './demo.ts';
import { tradingRoutes } from './routes.ts';
import { TradingService } from './service.ts';

/**
 * 交易管理, first slice (issue 28, decisions 0072 and 0073): project entry with its bid sections,
 * the parties, the centre's approval and supervisors' reading. Its own tables, no engine nodes yet.
 */
export const TRADING_MODULE: BusinessModule = {
  name: 'trading',
  async routes(app, { db, config }) {
    await app.register(tradingRoutes, { trading: new TradingService(db, timelineLimitsOf(config)) });
  },
  demo: seedDemoTrading,
};
