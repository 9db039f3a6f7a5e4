import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../src/db/client.ts';
import { type RecordEvent, refuse } from '../src/engine/lifecycle.ts';
import type { EngineModule } from '../src/engine/modules.ts';
import { rowsOf } from '../src/engine/node-tables.ts';
import { defineJob } from '../src/platform/jobs.ts';

/**
 * A small business module built only through the engine's seams, as the trading modules are: a
 * bid deposit (保证金) register on the records of one system. It normalises and checks what is
 * saved and submitted, refuses to delete a locked deposit, confirms an approved deposit's arrival
 * with its own action (到账确认), and hands what happened after commit to a durable job through the
 * transactional outbox. Its node (in the tests) has a computed field, and its bank select offers
 * each caller its own options: all five seams.
 */

export const DEPOSIT_NEGATIVE_MESSAGE = '保证金金额不能为负数';
export const DEPOSIT_OVER_LIMIT_MESSAGE = '保证金超过上限，不能提交';
export const DEPOSIT_LOCKED_MESSAGE = '已锁定的保证金不能删除';
/** A title that makes the module's flow-decided handler fail: the audit decision must roll back. */
export const FAIL_ON_DECISION = '决定时失败';
/** A title that makes the after-save handler fail once the row is written: the save must roll back. */
export const FAIL_AFTER_SAVE = '保存后失败';
const LIMIT = 1_000_000;

/** What the module's handlers and its job saw, in order, for the tests to read. */
export type DepositTrace = { event: string; recordId: string | null; detail?: string }[];

export const DEPOSIT_JOB = 'example.deliver-deposit-event';
/** The module's action: an approved deposit's arrival, confirmed by the enterprise that paid it. */
export const CONFIRM_ARRIVAL = { code: 'confirmArrival', label: '到账确认', color: '#389e0d' } as const;
export const ARRIVAL_NOTE_MESSAGE = '请输入到账说明';
/** The per-caller options of the deposit's bank: an administrator picks for a deposit, never a new one. */
export const BANK_RECORD_FIRST_MESSAGE = '请先选择保证金';
/** The banks an enterprise may pay into (the rest of the field's list is for administrators). */
export const ENTERPRISE_BANKS = ['icbc', 'abc'];

/** The module for the records of system `systemCoding`; `trace` collects what ran. */
export function depositModule(systemCoding: string, trace: DepositTrace): EngineModule {
  const deliver = defineJob({
    name: DEPOSIT_JOB,
    title: '保证金事件投递（示例模块）',
    payload: z.object({ event: z.string(), recordId: z.string() }),
    // Idempotent: a redelivery appends nothing the trace already has.
    handle: async ({ event, recordId }) => {
      const seen = trace.some((entry) => entry.event === `delivered:${event}` && entry.recordId === recordId);
      if (!seen) trace.push({ event: `delivered:${event}`, recordId });
    },
    retryDelaySeconds: 1,
  });
  return {
    name: 'example-deposit',
    register({ events, actions, options, defineJob: define }) {
      define(deliver);
      options.register({ systemCodings: [systemCoding] }, 'bank', ({ caller, record, options: own }) => {
        trace.push({
          event: 'options',
          recordId: record?.id ?? null,
          detail: `${caller.user.loginRoleType}:${caller.enterpriseType ?? ''}:${String(record?.values.title ?? '')}`,
        });
        if (caller.user.loginRoleType === 'M' && !record) refuse(BANK_RECORD_FIRST_MESSAGE, 'bank');
        return caller.user.loginRoleType === 'U'
          ? own.filter((one) => ENTERPRISE_BANKS.includes(one.value))
          : own;
      });
      actions.register({
        ...CONFIRM_ARRIVAL,
        recordStates: ['approved'],
        auditStates: ['passed'],
        body: z.object({ note: z.string(ARRIVAL_NOTE_MESSAGE).trim().min(1, ARRIVAL_NOTE_MESSAGE).max(50) }),
        handler: async ({ record, body, outbox }) => {
          await outbox.enqueue(DEPOSIT_JOB, { event: 'arrived', recordId: record.id });
          trace.push({ event: 'confirmArrival', recordId: record.id, detail: body.note });
          return { changes: [{ field: 'arrival', name: '到账说明', oldValue: null, newValue: body.note }] };
        },
      });
      events.register(
        { systemCodings: [systemCoding] },
        {
          beforeSave: (event) => {
            const amount = event.values.amount;
            if (typeof amount === 'number' && amount < 0) refuse(DEPOSIT_NEGATIVE_MESSAGE, 'amount');
            // The module owns the format of its codes: stored upper-case, however typed.
            if (typeof event.values.code === 'string') event.values.code = event.values.code.toUpperCase();
            trace.push({ event: 'beforeSave', recordId: event.recordId });
          },
          afterSave: async (event) => {
            await event.outbox.enqueue(DEPOSIT_JOB, { event: 'saved', recordId: event.recordId });
            if (event.values.title === FAIL_AFTER_SAVE) throw new Error('示例模块：保存后处理失败');
            trace.push({ event: 'afterSave', recordId: event.recordId, detail: String(event.version) });
          },
          beforeSubmit: (event) => {
            const amount = event.values.amount;
            if (typeof amount === 'number' && amount > LIMIT) refuse(DEPOSIT_OVER_LIMIT_MESSAGE);
            trace.push({ event: 'beforeSubmit', recordId: event.recordId });
          },
          auditLevelDecided: (event) => {
            trace.push({
              event: 'auditLevelDecided',
              recordId: event.recordId,
              detail: `${event.level}:${event.result}`,
            });
          },
          flowDecided: async (event) => {
            await event.outbox.enqueue(DEPOSIT_JOB, {
              event: `flow-${event.outcome}`,
              recordId: event.recordId,
            });
            trace.push({ event: 'flowDecided', recordId: event.recordId, detail: event.outcome });
          },
          beforeDelete: async (event) => {
            const title = await titleOf(event);
            if (title?.includes('锁定')) refuse(DEPOSIT_LOCKED_MESSAGE);
            trace.push({ event: 'beforeDelete', recordId: event.recordId });
          },
          afterDelete: async (event) => {
            await event.outbox.enqueue(DEPOSIT_JOB, { event: 'deleted', recordId: event.recordId });
            trace.push({ event: 'afterDelete', recordId: event.recordId });
          },
        },
      );
      // The flow-decided failure is its own registration: handlers run in registration order.
      events.register(
        { systemCodings: [systemCoding] },
        {
          flowDecided: async (event) => {
            if ((await titleOf(event)) === FAIL_ON_DECISION) throw new Error('示例模块：审核结果处理失败');
          },
        },
      );
    },
  };
}

/** The record's title as the action's transaction sees it (handlers read through `tx`). */
async function titleOf(event: Pick<RecordEvent, 'tx' | 'node' | 'recordId'>): Promise<string | null> {
  const table = sql`${sql.identifier('ks_data')}.${sql.identifier(event.node.tableName)}`;
  const result = await (event.tx as Db).execute(
    sql`select title from ${table} where id = ${event.recordId}::uuid`,
  );
  return rowsOf<{ title: string | null }>(result)[0]?.title ?? null;
}
