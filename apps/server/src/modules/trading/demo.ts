import type { DemoSeed } from '../../engine/demo.ts';
import type { SessionUser } from '../../platform/access.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { workingCalendar } from '../calendar/public.ts';
import { toChinaTime } from './dates.ts';
import { insertDemoAccount } from './repository.ts';
import { TradingService } from './service.ts';

/** The trading demo's accounts (README, "Demo accounts"); each password meets the password rule. */
export const DEMO_TRADING_ACCOUNTS = {
  tenderee: {
    account: 'tenderee',
    password: 'Ten2026ks',
    userName: '演示招标人联系人',
    phone: '13800000011',
    enterprise: {
      name: 'KS演示城市建设投资有限公司（演示数据）',
      creditCode: '91320100MA1K52027C',
      enterpriseType: '建设单位',
    },
  },
  agent: {
    account: 'agent',
    password: 'Agt2026ks',
    userName: '演示代理机构联系人',
    phone: '13800000012',
    enterprise: {
      name: 'KS演示招标代理有限公司（演示数据）',
      creditCode: '91320100MA1K52028F',
      enterpriseType: '招标代理机构',
    },
  },
  supervisor: {
    account: 'supervisor',
    password: 'Sup2026ks',
    userName: '演示监督员',
    phone: '13800000013',
    enterprise: null,
  },
} as const;

const DAY = 24 * 60 * 60 * 1000;
/** A planned time `days` from now at the given hour, China time. */
const ahead = (days: number, hour: number) =>
  `${toChinaTime(new Date(Date.now() + days * DAY)).slice(0, 10)} ${String(hour).padStart(2, '0')}:00`;

/** Rolls a China date to the centre's next working day (the rules of time refuse a rest-day deadline). */
type Roll = (date: string) => string;

const section = (
  roll: Roll,
  name: string,
  type: '施工' | '监理' | '货物',
  estimate: number,
  control: number | null,
  start: number,
) => {
  const deadline = `${roll(ahead(start + 21, 9).slice(0, 10))} 09:00`;
  return {
    name,
    type,
    estimatePrice: estimate,
    controlPrice: control,
    controlPriceNote: control === null ? '随招标文件另行公布' : '',
    qualification:
      type === '施工'
        ? '具备建筑工程施工总承包二级及以上资质，项目经理具备二级注册建造师（建筑工程）'
        : '具备相应资质，近三年无不良行为记录',
    evaluationMethod: '综合评估法' as const,
    noticeAt: ahead(start, 9),
    saleStartAt: ahead(start + 1, 9),
    saleEndAt: ahead(start + 6, 17),
    bidDeadlineAt: deadline,
    openingAt: deadline,
  };
};

/**
 * A tenderee enterprise, an agent enterprise and a supervisor, and projects in each state (草稿,
 * 待审核, 已通过, 已退回), made through the module's own service as those accounts.
 */
export async function seedDemoTrading(seed: DemoSeed): Promise<void> {
  const { db, actors, ip } = seed;
  const made: Record<keyof typeof DEMO_TRADING_ACCOUNTS, SessionUser> = {} as never;
  for (const [key, demo] of Object.entries(DEMO_TRADING_ACCOUNTS) as [
    keyof typeof DEMO_TRADING_ACCOUNTS,
    (typeof DEMO_TRADING_ACCOUNTS)[keyof typeof DEMO_TRADING_ACCOUNTS],
  ][]) {
    const loginRoleType = demo.enterprise ? 'U' : 'M';
    const row = await insertDemoAccount(db, demo.enterprise, {
      userCode: `DEMO_${demo.account.toUpperCase()}`,
      account: demo.account,
      phone: demo.phone,
      userName: demo.userName,
      passwordHash: await hashPassword(demo.password),
      loginRoleType,
      roles: key === 'supervisor' ? ['supervisor'] : [],
    });
    made[key] = {
      id: row.id,
      userCode: row.userCode,
      userName: row.userName,
      loginRoleType,
      enterpriseId: row.enterpriseId,
      sessionId: 'seed',
    };
  }
  const trading = new TradingService(db);
  const meta = { ip };
  // The centre's calendar (its demo entries are seeded first): the demo's deadlines fall on working days.
  const calendar = await workingCalendar(db, ahead(0, 0).slice(0, 10), ahead(120, 0).slice(0, 10));
  const roll: Roll = (date) => calendar.rollToWorkingDay(date);
  const principal = { principal: '刘建国', principalPhone: '13912345678' };

  // 草稿: the tenderee's own project, not yet submitted.
  await trading.save(
    made.tenderee,
    {
      name: '城南污水处理厂提标改造工程（演示）',
      capacity: 'tenderee',
      tendereeName: '',
      ...principal,
      sections: [section(roll, '施工标段', '施工', 38_600_000, 36_500_000, 10)],
    },
    meta,
  );

  // 待审核: entered by the agent for a tenderee it names, submitted.
  const pending = await trading.save(
    made.agent,
    {
      name: '市民中心智能化设备采购项目（演示）',
      capacity: 'agent',
      tendereeName: '某市机关事务管理局（演示）',
      principal: '王晓东',
      principalPhone: '13812345679',
      sections: [
        section(roll, '设备采购一标段', '货物', 5_200_000, 4_980_000, 8),
        section(roll, '设备采购二标段', '货物', 2_100_000, null, 8),
      ],
    },
    meta,
  );
  await trading.submit(made.agent, { id: pending.id, version: pending.version }, meta);

  // 已通过: submitted by the tenderee, approved by the centre.
  const approved = await trading.save(
    made.tenderee,
    {
      name: '滨江路道路提升工程（演示）',
      capacity: 'tenderee',
      tendereeName: '',
      ...principal,
      sections: [
        section(roll, '施工一标段', '施工', 62_000_000, 58_800_000, 5),
        section(roll, '监理标段', '监理', 1_450_000, 1_380_000, 5),
      ],
    },
    meta,
  );
  const submitted = await trading.submit(made.tenderee, { id: approved.id, version: approved.version }, meta);
  await trading.review(
    actors.admin,
    { id: submitted.id, version: submitted.version, decision: 'approve', reason: '资料齐全，同意进场' },
    meta,
  );

  // 已退回: submitted by the agent for the tenderee, returned with the reason.
  const returned = await trading.save(
    made.agent,
    {
      name: '第二实验小学风雨操场新建工程（演示）',
      capacity: 'agent',
      tendereeName: 'KS演示城市建设投资有限公司（演示数据）',
      principal: '王晓东',
      principalPhone: '13812345679',
      sections: [section(roll, '施工标段', '施工', 9_800_000, 9_500_000, 12)],
    },
    meta,
  );
  const sent = await trading.submit(made.agent, { id: returned.id, version: returned.version }, meta);
  await trading.review(
    actors.admin,
    {
      id: sent.id,
      version: sent.version,
      decision: 'return',
      reason: '资格要求缺少安全生产许可证条款，请补充后重新提交',
    },
    meta,
  );
}
