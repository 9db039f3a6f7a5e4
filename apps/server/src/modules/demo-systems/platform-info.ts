import type { Db } from '../../db/client.ts';
import type { SessionUser } from '../../platform/access.ts';
import { PLATFORM_INFO_DEFAULTS, PlatformInfoService } from '../platform-info/service.ts';

/** Demo values of the footer: a support line and a filing number that say they are the demo's. */
export const DEMO_SUPPORT_PHONE = '400-800-2026';
export const DEMO_FILING_NUMBER = '苏ICP备2026000000号-1（演示）';

/**
 * The footer's support line and filing number as an administrator fills them in on 平台设置: the
 * customer-service widget sends people to that phone, so a fresh demo has one to show.
 */
export async function seedDemoPlatformInfo(db: Db, admin: SessionUser, ip: string) {
  // The server version plays no part in an edit: the footer reads it from the running server.
  const platformInfo = new PlatformInfoService(db, '');
  await platformInfo.ensureDefaults(PLATFORM_INFO_DEFAULTS);
  const current = await platformInfo.get();
  await platformInfo.update(
    admin,
    {
      platformName: current.platformName,
      describe: current.describe,
      filingsCoding: DEMO_FILING_NUMBER,
      supportPhone: DEMO_SUPPORT_PHONE,
      revision: current.revision,
    },
    ip,
  );
}
