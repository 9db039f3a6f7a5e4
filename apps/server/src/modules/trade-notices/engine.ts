import { TRADE_NOTICE_ACTIONS, TRADE_NOTICE_MESSAGES, TRADE_NOTICE_SYSTEM_CODING } from '@ks/contract';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { refuse } from '../../engine/lifecycle.ts';
import type { EngineSeams } from '../../engine/modules.ts';
import type { UserNotices } from '../../engine/user-notices.ts';
import { defineJob } from '../../platform/jobs.ts';
import { NOTICE_FIELD } from './fields.ts';
import { offeredSections, offeredTargets, refreshSectionDictionary } from './options.ts';
import {
  checkNotice,
  composedValues,
  isSupervisor,
  kindOfNode,
  publishDueNotices,
  sendNotice,
  spreadNotice,
} from './service.ts';
import { TRADE_NOTICE_SYSTEM } from './system.ts';

/**
 * The trade-notices module on the engine's seams (decision 0076): it provides the 交易公告 system,
 * composes and checks notices on save and submit, keeps supervisors out of the audit, registers
 * 发送 and 展开 as module actions, and publishes due notices every minute.
 */

export const PUBLISH_JOB = 'trade-notices.publish-due';
/** Every minute: one run per tick across every instance (pg-boss's cron). */
export const PUBLISH_CRON = '* * * * *';

export const publishJob = (db: Db, notices: UserNotices | null = null) =>
  defineJob({
    name: PUBLISH_JOB,
    title: '交易公告定时发布',
    payload: z.object({}).passthrough(),
    // Idempotent: a notice moves from scheduled to published in one conditional statement.
    handle: async () => {
      await publishDueNotices(db, new Date(), notices);
      // Sections approved since the last tick become choosable in the notice form.
      await refreshSectionDictionary(db);
    },
    schedule: { cron: PUBLISH_CRON, payload: {} },
  });

const selector = { systemCodings: [TRADE_NOTICE_SYSTEM_CODING] };
const NO_BODY = z.object({}).passthrough();

export function registerTradeNotices({
  events,
  options,
  actions,
  systems,
  defineJob: define,
  db,
  userNotices,
}: EngineSeams) {
  systems.provide(TRADE_NOTICE_SYSTEM);
  define(publishJob(db, userNotices));
  options.register(selector, NOTICE_FIELD.section, offeredSections);
  options.register(selector, NOTICE_FIELD.target, offeredTargets);
  events.register(selector, {
    beforeSave: async (event) => {
      const kind = kindOfNode(event.node.gnCoding);
      if (!kind) return;
      const section = await checkNotice({
        db: event.tx,
        user: event.user,
        kind,
        values: event.values,
        now: new Date(),
      });
      Object.assign(event.values, composedValues(section));
    },
    beforeSubmit: async (event) => {
      const kind = kindOfNode(event.node.gnCoding);
      if (!kind) return;
      // Submitted later than saved: the section must still be the caller's and the time still ahead.
      await checkNotice({ db: event.tx, user: event.user, kind, values: event.values, now: new Date() });
    },
    auditLevelDecided: async (event) => {
      if (kindOfNode(event.node.gnCoding) && (await isSupervisor(event.tx, event.user)))
        refuse(TRADE_NOTICE_MESSAGES.supervisorReadsOnly);
    },
  });
  actions.register({
    code: TRADE_NOTICE_ACTIONS.send,
    label: '发送',
    color: '#1677ff',
    recordStates: ['approved'],
    auditStates: ['passed'],
    body: NO_BODY,
    handler: async ({ tx, user, node, record }) => {
      await sendNotice(tx, user, record, node.gnCoding, new Date(), userNotices);
      return {};
    },
  });
  actions.register({
    code: TRADE_NOTICE_ACTIONS.spread,
    label: '展开',
    color: '#13a8a8',
    recordStates: ['approved'],
    auditStates: ['passed'],
    body: NO_BODY,
    handler: async ({ tx, user, record }) => {
      await spreadNotice(tx, user, record.id, new Date());
      return {};
    },
  });
}
