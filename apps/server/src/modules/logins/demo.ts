import type { DemoSeed } from '../../engine/demo.ts';
import type { LoginsService } from './service.ts';

/** The local WeChat identity the demo enterprise account is bound to (scan as it on the local QR page). */
export const DEMO_WECHAT_IDENTITY = 'enterprise';

/**
 * The logins' demo (decision 0079), through the module's own service as a first scan would go: a
 * QR attempt, the local provider's scan as `enterprise`, and the binding by the demo enterprise's
 * session. Under the local provider (the default), scanning as `enterprise` then signs in at once;
 * any other identity shows the binding step.
 */
export async function seedDemoLogins(seed: Pick<DemoSeed, 'actors' | 'ip'>, logins: LoginsService) {
  const { state } = await logins.qrCode();
  await logins.localScan(state, DEMO_WECHAT_IDENTITY, seed.ip);
  await logins.bindToUser(seed.actors.enterprise, state, seed.ip);
}
