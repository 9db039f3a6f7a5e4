import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { refuse } from '../src/engine/lifecycle.ts';
import type { EngineModule } from '../src/engine/modules.ts';
import { tableRef } from '../src/engine/node-tables.ts';

/**
 * A test-only module with one module action, 核验 (`certify`), the way a trading module registers
 * its actions: it applies to draft and returned records, takes a remark, appends it to the record's
 * title in the action's transaction and lists that change for the revision. A remark of '失败'
 * writes first and then refuses, so a test sees the write rolled back.
 */
export const CERTIFY = { code: 'certify', label: '核验', color: '#fa8c16' } as const;
export const CERTIFY_REMARK_MESSAGE = '请输入核验意见';
export const CERTIFY_FAILED_MESSAGE = '核验服务暂不可用';

export const certifyModule: EngineModule = {
  name: 'test-certify',
  register: ({ actions }) =>
    actions.register({
      ...CERTIFY,
      recordStates: ['draft', 'rejected'],
      auditStates: ['', 'rejected'],
      body: z.object({
        remark: z
          .string(CERTIFY_REMARK_MESSAGE)
          .trim()
          .min(1, CERTIFY_REMARK_MESSAGE)
          .max(20, '核验意见不能超过20个字符'),
      }),
      handler: async ({ tx, node, record, body }) => {
        const before = String(record.values.title ?? '');
        const after = `${before}（${body.remark}）`;
        await tx.execute(
          sql`update ${tableRef(node.tableName)} set title = ${after} where id = ${record.id}::uuid`,
        );
        if (body.remark === '失败') refuse(CERTIFY_FAILED_MESSAGE);
        return { changes: [{ field: 'title', name: '项目名称', oldValue: before, newValue: after }] };
      },
    }),
};
