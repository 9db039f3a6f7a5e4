import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { type CreateTodoInput, TodoService } from './todo-service.ts';

/** Demo to-dos for the demo administrator and enterprise account, labelled 演示 so nobody takes them for real work. */
export async function seedNotifyDemo(tx: Db): Promise<void> {
  const demoUsers = await tx
    .select({ id: users.id, account: users.account })
    .from(users)
    .where(inArray(users.account, ['admin', 'enterprise']));
  const idOf = (account: string) => demoUsers.find((user) => user.account === account)?.id;
  const accounts = { admin: idOf('admin'), enterprise: idOf('enterprise') };
  if (!accounts.admin || !accounts.enterprise) return;
  const todos = new TodoService(tx);
  const day = 24 * 3600 * 1000;
  const now = Date.now();
  const samples: Omit<CreateTodoInput, 'userId'>[] = [
    {
      systemCoding: 'xydj_demo',
      systemName: '信用管理（演示）',
      gnName: '信用变更审核',
      businessName: '演示：KS演示建设集团有限公司信用信息变更',
      submitterName: '演示企业联系人',
    },
    {
      systemCoding: 'xydj_demo',
      systemName: '信用管理（演示）',
      gnName: '信用承诺书审核',
      businessName: '演示：2026年度信用承诺书',
      submitterName: '演示企业联系人',
    },
    {
      systemCoding: 'cdyy_demo',
      systemName: '场地预约（演示）',
      gnName: '场地预约审核',
      businessName: '演示：第一开标室预约',
      submitterName: '演示执业人员',
    },
    {
      systemCoding: 'zjcq_demo',
      systemName: '专家抽取（演示）',
      gnName: '抽取申请审核',
      businessName: '演示：某道路工程评标专家抽取',
      submitterName: '演示执业人员',
    },
  ];
  for (const [index, sample] of samples.entries()) {
    await todos.createTodo({ ...sample, userId: accounts.admin, sbTime: new Date(now - index * day) }, tx);
  }
  await todos.createTodo(
    {
      systemCoding: 'xydj_demo',
      systemName: '信用管理（演示）',
      gnName: '整改材料补充',
      businessName: '演示：信用变更退回后补充材料',
      submitterName: '系统管理员',
      userId: accounts.enterprise,
    },
    tx,
  );
}
