import {
  TRADE_NOTICE_NODE_OF,
  TRADE_NOTICE_SYSTEM_CODING,
  type TradeNoticeKind,
  type WireRecord,
} from '@ks/contract';
import type { DemoSeed } from '../../engine/demo.ts';
import type { SessionUser } from '../../platform/access.ts';
import { noticeSections } from '../trading/public.ts';
import { toChinaTime } from './dates.ts';
import { refreshSectionDictionary } from './options.ts';
import { demoAccount, noticeOfRecord } from './repository.ts';
import { publishDueNotices } from './service.ts';

/** The trading demo's tenderee (modules/trading/demo.ts, DEMO_TRADING_ACCOUNTS). */
const TENDEREE_ACCOUNT = 'tenderee';
/** The trading demo's approved project, whose sections the notices are for. */
const PROJECT_NAME = '滨江路道路提升工程（演示）';

/** How far ahead the demo's published notices are set (see `soon`). */
const SOON_MS = 5 * 60_000;

const ref = (kind: TradeNoticeKind) => ({
  systemCoding: TRADE_NOTICE_SYSTEM_CODING,
  gnCoding: TRADE_NOTICE_NODE_OF[kind],
});

/**
 * Notices in every state (decision 0076) on the trading demo's approved project, made as its
 * tenderee through the records flow, audited by the centre and sent through the `send` action:
 * a draft, one under review, one approved and scheduled for the section's notice time, a published
 * and spread prequalification notice and its published change notice (version 2). The 交易公告
 * system is built before the demo (seed.ts); its section dictionary is brought up to date first.
 */
export async function seedDemoTradeNotices({ db, records, actors }: DemoSeed): Promise<void> {
  const account = await demoAccount(db, TENDEREE_ACCOUNT);
  const sections = (await noticeSections(db)).filter((section) => section.projectName === PROJECT_NAME);
  const [works, supervision] = sections;
  if (account?.loginRoleType !== 'U' || !works || !supervision) return;
  const tenderee: SessionUser = { ...account, loginRoleType: 'U', sessionId: 'seed' };
  await refreshSectionDictionary(db);
  // A publish time a few minutes ahead, taken at each save: the save and the submit refuse a time
  // already past, and a loaded machine (CI starting the demo beside other suites) has taken over a
  // minute between two saves. The seed then publishes them as the job will at their tick.
  const soon = () => toChinaTime(new Date(Date.now() + SOON_MS));

  const save = (kind: TradeNoticeKind, values: WireRecord) =>
    records.save(tenderee, { ...ref(kind), values });
  const approve = async (kind: TradeNoticeKind, values: WireRecord) => {
    const saved = await save(kind, values);
    await records.submit(tenderee, { ...ref(kind), id: saved.id, version: saved.version });
    return records.audit(actors.admin, {
      ...ref(kind),
      id: saved.id,
      result: 'pass',
      advice: '内容合规，同意发布',
    });
  };
  const send = (kind: TradeNoticeKind, passed: { id: string; version: number }) =>
    records.act(tenderee, 'send', { ...ref(kind), id: passed.id, version: passed.version, body: {} });

  // 草稿
  await save('tender', {
    section: supervision.id,
    title: `${PROJECT_NAME}监理标段招标公告（草稿）`,
    publish_at: toChinaTime(supervision.noticeAt),
    body: '本招标项目监理标段已由项目审批部门批准，招标人为KS演示城市建设投资有限公司，现对该标段进行公开招标。',
  });
  // 待审核
  const pending = await save('tender', {
    section: works.id,
    title: `${PROJECT_NAME}施工一标段招标公告`,
    publish_at: toChinaTime(works.noticeAt),
    body: '本招标项目施工一标段已具备招标条件，现对该标段施工进行公开招标，欢迎具备相应资质的投标人参加。',
  });
  await records.submit(tenderee, { ...ref('tender'), id: pending.id, version: pending.version });
  // 已审核，已发送：在标段计划的公告时间由定时任务发布
  const scheduled = await approve('tender', {
    section: supervision.id,
    title: `${PROJECT_NAME}监理标段招标公告`,
    publish_at: toChinaTime(supervision.noticeAt),
    body: '本招标项目监理标段已具备招标条件，现对该标段监理服务进行公开招标。',
  });
  await send('tender', scheduled);
  // 已发布并展开的资格预审公告，及其变更公告（第2版）
  const prequalification = await approve('prequalification', {
    section: works.id,
    title: `${PROJECT_NAME}施工一标段资格预审公告`,
    publish_at: soon(),
    body: '本项目施工一标段采用资格预审方式，现邀请有兴趣的潜在申请人提出资格预审申请。资格预审申请文件递交截止时间以资格预审文件为准。',
  });
  const sent = await send('prequalification', prequalification);
  const original = await noticeOfRecord(db, prequalification.id);
  if (!original) return;
  const change = await approve('change', {
    section: works.id,
    target_notice: original.id,
    title: `${PROJECT_NAME}施工一标段资格预审变更公告`,
    publish_at: soon(),
    body: '因项目审批信息调整，资格预审申请文件递交截止时间顺延三日，其他内容不变。',
  });
  await send('change', change);
  await publishDueNotices(db, new Date(Date.now() + SOON_MS + 60_000));
  await records.act(actors.admin, 'spread', {
    ...ref('prequalification'),
    id: sent.id,
    version: sent.version,
    body: {},
  });
}
