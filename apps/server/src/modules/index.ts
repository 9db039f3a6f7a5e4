import type { BusinessModule } from '../engine/modules.ts';
import { BID_DETECTION_MODULE } from './bid-detection/index.ts';
import { CA_AUTH_MODULE } from './ca-auth/index.ts';
import { calendarModule } from './calendar/index.ts';
import { clarificationsModule } from './clarifications/index.ts';
import { deliverEarlierClarifications } from './clarifications/public.ts';
import { COST_CHECKS_MODULE } from './cost-checks/index.ts';
import { CREDIT_MODULE } from './credit/index.ts';
import { FEEDBACK_MODULE } from './feedback/index.ts';
import { COST_FILES_MODULE } from './file-analysis/index.ts';
import { HELP_MODULE } from './help/index.ts';
import { LOGINS_MODULE } from './logins/index.ts';
import { MARKET_MODULE } from './market/index.ts';
import { OPLOG_MODULE } from './oplog/index.ts';
import { RECORD_CHANGES_MODULE } from './record-changes/index.ts';
import { tenderFilesModule } from './tender-files/index.ts';
import { downloadersOf } from './tender-files/public.ts';
import { TRADE_NOTICES_MODULE } from './trade-notices/index.ts';
import { TRADING_MODULE } from './trading/index.ts';
import { checkTimeline } from './trading/public.ts';
import { VENUES_MODULE } from './venues/index.ts';
import { WEATHER_MODULE } from './weather/index.ts';

/**
 * The business modules the platform runs, in registration order: app.ts registers each one's
 * engine handlers, jobs, defaults and routes, and the demo seed seeds each one's demo data. A new
 * module is its own folders plus one line here.
 */
export const BUSINESS_MODULES: readonly BusinessModule[] = [
  CREDIT_MODULE,
  MARKET_MODULE,
  RECORD_CHANGES_MODULE,
  COST_FILES_MODULE,
  COST_CHECKS_MODULE,
  BID_DETECTION_MODULE,
  // The calendar serves the trading forms' check with trading's rules of time (calendar/service.ts).
  calendarModule(checkTimeline),
  TRADING_MODULE,
  VENUES_MODULE,
  // After trading: its notices are composed from trading's sections (demo projects first).
  TRADE_NOTICES_MODULE,
  // Reads trading's sections through its port; its demo puts a trading demo section on sale. A
  // bidder's download also receives the clarifications already sent (decision 0078).
  tenderFilesModule(deliverEarlierClarifications),
  // Sends each clarification to every bidder who downloaded the section's documents.
  clarificationsModule(downloadersOf),
  // The other ways to log in: proves the holder, then the session module's signIn seam (decision 0079).
  LOGINS_MODULE,
  // CA certificate login and binding: signs in through the host's signIn seam (decision 0080).
  CA_AUTH_MODULE,
];

/**
 * The shell's widgets — help, feedback, weather, the operation log — wired as modules are (routes
 * only). They serve every app, including one a test builds with its own business modules.
 */
export const WIDGET_MODULES: readonly BusinessModule[] = [
  HELP_MODULE,
  FEEDBACK_MODULE,
  WEATHER_MODULE,
  OPLOG_MODULE,
];
