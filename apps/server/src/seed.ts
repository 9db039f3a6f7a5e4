import { count } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { enterprises, users } from './db/schema/index.ts';
import type { EngineRegistry } from './engine/modules.ts';
import { seedDemoSystems } from './modules/demo-systems/seed-demo-systems.ts';
import { seedDemoAnnexSlots } from './modules/files/annex-slot-service.ts';
import { BUSINESS_MODULES } from './modules/index.ts';
import { seedShellDemo } from './modules/shell/demo.ts';
import { FileService } from './platform/file-store.ts';
import { hashPassword } from './platform/passwords.ts';
import type { FileStorage } from './platform/storage.ts';
import { ensureProvidedSystems } from './provided-systems.ts';

/** The demo accounts printed at start-up; every password meets the platform's password rule. */
export const DEMO_ACCOUNTS = [
  {
    account: 'admin',
    password: 'Admin2026',
    userName: '系统管理员',
    loginRoleType: 'M',
    userCode: 'M0000001',
    phone: '13800000001',
  },
  {
    account: 'developer',
    password: 'Dev2026ks',
    userName: '平台开发者',
    loginRoleType: 'D',
    userCode: 'D0000001',
    phone: '13800000002',
  },
  {
    account: 'enterprise',
    password: 'Ent2026ks',
    userName: '演示企业联系人',
    loginRoleType: 'U',
    userCode: 'U0000001',
    phone: '13800000003',
  },
  {
    account: 'personnel',
    password: 'Per2026ks',
    userName: '演示执业人员',
    loginRoleType: 'P',
    userCode: 'P0000001',
    phone: '13800000004',
  },
  {
    account: 'reviewer',
    password: 'Rev2026ks',
    userName: '演示审核员',
    loginRoleType: 'M',
    userCode: 'M0000002',
    phone: '13800000005',
  },
] as const;

/**
 * Seeds demo data into an empty database; a database with any user is left alone. `storage` is
 * where the demo's files (help, attachments) go: the server's own file storage. `engine` is what
 * the business modules registered: the demo records pass their checks like any other.
 */
export async function seedDemoData(db: Db, storage: FileStorage, engine: EngineRegistry): Promise<boolean> {
  const [existing] = await db.select({ value: count() }).from(users);
  if ((existing?.value ?? 0) > 0) return false;
  await db.transaction(async (tx) => {
    const [enterprise] = await tx
      .insert(enterprises)
      .values({
        name: 'KS演示建设集团有限公司（演示数据）',
        creditCode: '91320100MA1K520269',
        enterpriseType: '施工企业',
      })
      .returning();
    for (const demo of DEMO_ACCOUNTS) {
      await tx.insert(users).values({
        userCode: demo.userCode,
        account: demo.account,
        phone: demo.phone,
        userName: demo.userName,
        loginRoleType: demo.loginRoleType,
        passwordHash: await hashPassword(demo.password),
        enterpriseId: demo.loginRoleType === 'U' ? (enterprise?.id ?? null) : null,
        // The personnel account's practice status comes from its registration: the demo seed
        // links it by its ID number (modules/market/demo-admin.ts, decision 0053).
      });
    }
    await seedShellDemo(tx);
    await seedDemoAnnexSlots(tx);
    // The modules' systems exist before the demo records in them (the credit items) are made.
    await ensureProvidedSystems(tx, engine);
    // Bound to the seeding transaction: file rows commit (or vanish) with the rest of the demo.
    await seedDemoSystems(tx, new FileService(tx, storage), engine, BUSINESS_MODULES);
  });
  return true;
}
