import type { DemoSeed } from '../../engine/demo.ts';
import type { SessionUser } from '../../platform/access.ts';
import { approvedSectionTimelines } from '../trading/public.ts';
import { demoUser } from './repository.ts';
import type { ClarificationService } from './service.ts';

/**
 * The clarifications' demo (decision 0078), made through the module's own service on the trading
 * demo's approved section, as its tenderee: one clarification audited and sent — delivered through
 * the downloaders' port to whoever downloaded the documents, and received by the demo
 * `enterprise` when it is among them (the tender-files demo, seeded before, downloads for it) —,
 * one draft, and one objection of the demo enterprise answered.
 */
export async function seedDemoClarifications(
  seed: Pick<DemoSeed, 'db' | 'actors' | 'ip'>,
  clarify: ClarificationService,
): Promise<void> {
  const { db, actors, ip } = seed;
  const meta = { ip };
  const account = await demoUser(db, 'tenderee');
  if (!account) return;
  const tenderee: SessionUser = {
    id: account.id,
    userCode: account.userCode,
    userName: account.userName,
    loginRoleType: 'U',
    enterpriseId: account.enterpriseId,
    sessionId: 'seed',
  };
  const [section] = await approvedSectionTimelines(db, tenderee.id, 1);
  if (!section) return;

  const sent = await clarify.save(
    tenderee,
    {
      sectionId: section.id,
      title: '关于招标文件工程量清单的澄清（演示）',
      content:
        '一、招标文件第五章工程量清单第12项“沥青混凝土面层”厚度由4cm更正为5cm，综合单价按更正后的厚度报价。\n二、其他内容不变。',
      newBidDeadlineAt: '',
      fileIds: [],
    },
    meta,
  );
  const submitted = await clarify.submit(tenderee, { id: sent.id, version: sent.version }, meta);
  const approved = await clarify.audit(
    actors.admin,
    { id: submitted.id, version: submitted.version, decision: 'approve', reason: '' },
    meta,
  );
  await clarify.send(tenderee, { id: approved.id, version: approved.version }, meta);
  // The job's work, done here: the demo seed has no job queue.
  await clarify.deliver(sent.id);
  const mine = (await clarify.received(actors.enterprise)).find((row) => row.clarificationId === sent.id);
  if (mine) await clarify.receipt(actors.enterprise, mine.id, meta);

  await clarify.save(
    tenderee,
    {
      sectionId: section.id,
      title: '关于投标保证金缴纳方式的澄清（演示草稿）',
      content: '投标保证金可采用银行保函或电子保函形式提交，保函有效期应与投标有效期一致。',
      newBidDeadlineAt: '',
      fileIds: [],
    },
    meta,
  );

  const objection = await clarify.raise(
    actors.enterprise,
    {
      sectionId: section.id,
      content: '招标文件资格要求“近三年承担过两项以上同类工程”中的“同类工程”未明确规模标准，请予以明确。',
    },
    meta,
  );
  await clarify.answer(
    tenderee,
    {
      id: objection.id,
      version: objection.version,
      answer: '同类工程指单项合同金额不低于2000万元的市政道路工程，将在澄清文件中一并明确。',
    },
    meta,
  );
}
