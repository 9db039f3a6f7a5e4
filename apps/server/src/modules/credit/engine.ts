import {
  CREDIT_MESSAGES,
  CREDIT_NODE_OF,
  CREDIT_SYSTEM_CODING,
  type CreditClass,
  type FormOption,
  type NativeValue,
  ON_BEHALF_MESSAGES,
} from '@ks/contract';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { type RecordEvent, refuse } from '../../engine/lifecycle.ts';
import type { EngineSeams } from '../../engine/modules.ts';
import type { OptionRequest } from '../../engine/option-providers.ts';
import type { ResolvedNode } from '../../engine/record-store.ts';
import { defineJob } from '../../platform/jobs.ts';
import { hasPenaltyDecision, ownerOfRecord, ruleValuesOf } from './items-repository.ts';
import { enterpriseOf, itemTypeByCode, itemTypeCodesFor, scoreOf } from './repository.ts';
import { recomputeScore, scoredEnterprises } from './score.ts';
import { CREDIT_SYSTEM, FIELD } from './system.ts';

/**
 * The credit module on the engine's seams (decision 0048): it provides the 信用信息 system, checks
 * what is saved and submitted there, recomputes the enterprise's score in the transaction that
 * passes an item or applies a change to one, and recomputes every score daily as items enter or
 * leave their publication window.
 */

export const CREDIT_RECOMPUTE_JOB = 'credit.recompute-scores';
/** 00:05 in China (UTC+8). */
export const CREDIT_RECOMPUTE_CRON = '5 16 * * *';

const CLASS_OF_NODE = new Map<string, CreditClass>(
  (Object.entries(CREDIT_NODE_OF) as [CreditClass, string][]).map(([creditClass, gn]) => [gn, creditClass]),
);
const classOf = (node: ResolvedNode) => CLASS_OF_NODE.get(node.gnCoding);

const text = (value: NativeValue | undefined) => (typeof value === 'string' ? value : '');

/** Recomputes the owner's score when the owner is an enterprise account. */
async function recomputeOwner(
  event: Pick<RecordEvent, 'tx' | 'node' | 'recordId'>,
  reason: string,
  onlyIfScored = false,
) {
  const owner = await ownerOfRecord(event.tx, event.node, event.recordId);
  if (!owner || (onlyIfScored && !(await scoreOf(event.tx, owner)))) return;
  const enterprise = await enterpriseOf(event.tx, owner);
  if (enterprise?.loginRoleType !== 'U') return;
  await recomputeScore(event.tx, owner, reason);
}

export const recomputeScoresJob = (db: Db) =>
  defineJob({
    name: CREDIT_RECOMPUTE_JOB,
    title: '信用分重算（公示期变化）',
    payload: z.object({}).passthrough(),
    // Idempotent: a second run on the same day finds nothing changed and appends nothing.
    handle: async (_payload, context) => {
      const ids = await scoredEnterprises(db);
      let done = 0;
      for (const id of ids) {
        await db.transaction((tx) => recomputeScore(tx, id, '公示期变化'));
        done += 1;
        if (done % 50 === 0) await context.reportProgress(Math.floor((done / ids.length) * 100));
      }
    },
    schedule: { cron: CREDIT_RECOMPUTE_CRON, payload: {} },
  });

/**
 * The item-type select's options for this caller (decision 0058): an enterprise is offered its own
 * enterprise type's items (none while its type is not set); an administrator those of the type of
 * the enterprise the record is for — the one whose record it edits, or on a new one the enterprise it
 * enters the item for (所属企业, decision 0060) — and is asked to choose that enterprise first while
 * there is none. Developers previewing the form see the whole catalogue. The record's own value stays
 * offered (disabled) when it no longer applies, so the form still names it; beforeSave refuses it.
 */
export async function itemTypeOptions({ db, caller, node, record, owner, options }: OptionRequest) {
  const creditClass = classOf(node);
  const { user } = caller;
  if (!creditClass || user.loginRoleType === 'D') return options;
  let qyType = caller.enterpriseType;
  if (user.loginRoleType === 'M') {
    if (!owner) refuse(ON_BEHALF_MESSAGES.ownerFirst, FIELD.itemType);
    qyType = owner.enterpriseType;
  }
  const codes = qyType ? await itemTypeCodesFor(db, creditClass, qyType) : new Set<string>();
  const current = text(record?.values[FIELD.itemType]);
  return options.flatMap((option): FormOption[] => {
    if (codes.has(option.value)) return [option];
    return option.value === current ? [{ ...option, isDisabled: true }] : [];
  });
}

export function registerCredit({ events, options, onBehalf, defineJob: define, systems, db }: EngineSeams) {
  systems.provide(CREDIT_SYSTEM);
  define(recomputeScoresJob(db));
  options.register({ systemCodings: [CREDIT_SYSTEM_CODING] }, FIELD.itemType, itemTypeOptions);
  // Penalties and many awards are entered by the trading centre for an enterprise (decision 0060):
  // the item is the enterprise's, and its score counts it.
  onBehalf.accept({ systemCodings: [CREDIT_SYSTEM_CODING] });
  events.register(
    { systemCodings: [CREDIT_SYSTEM_CODING] },
    {
      beforeSave: async (event) => {
        const creditClass = classOf(event.node);
        if (!creditClass) return;
        // A credit item is always an enterprise's (decision 0060): an administrator names it, as
        // the form's 所属企业 asks; an item of the administrator's own would count for nobody.
        if (
          event.recordId === null &&
          event.user.loginRoleType === 'M' &&
          event.ownerUserId === event.user.id
        )
          refuse(ON_BEHALF_MESSAGES.ownerRequired, 'ownerUserId');
        const { values } = event;
        const code = text(values[FIELD.itemType]);
        const type = code ? await itemTypeByCode(event.tx, code) : null;
        // The select's dictionary holds the node's class; retired types stay in it disabled (old items
        // keep their name), and the engine refuses a disabled option.
        if (type) {
          // The item's enterprise: the caller's own, or the one an administrator enters it for.
          const enterprise = await enterpriseOf(event.tx, event.ownerUserId);
          if (enterprise?.loginRoleType === 'U' && enterprise.qyType && enterprise.qyType !== type.qyType)
            refuse(CREDIT_MESSAGES.typeNotForEnterprise, FIELD.itemType);
        }
        const score = values[FIELD.score];
        if (typeof score === 'number') {
          if (score < 0) refuse(CREDIT_MESSAGES.negative, FIELD.score);
          if (type && score > type.maxScore) refuse(CREDIT_MESSAGES.overMax(type.maxScore), FIELD.score);
        }
        const start = text(values[FIELD.startTime]);
        const end = text(values[FIELD.endTime]);
        if (start && end && end < start) refuse(CREDIT_MESSAGES.endBeforeStart, FIELD.endTime);
        if (creditClass === 'bad' && type?.defaultSeverity && !values[FIELD.severity])
          values[FIELD.severity] = type.defaultSeverity;
      },
      beforeSubmit: async (event) => {
        if (classOf(event.node) !== 'bad') return;
        // The law needs the penalty decision, whatever an administrator did with the slot.
        if (!(await hasPenaltyDecision(event.tx, event.node, event.recordId)))
          refuse(CREDIT_MESSAGES.penaltyMissing);
      },
      flowDecided: async (event) => {
        if (event.outcome === 'passed' && classOf(event.node)) await recomputeOwner(event, '审核通过');
      },
      changeApplied: async (event) => {
        if (!classOf(event.node)) return;
        // The values a passed change wrote obey the item's rules too; a refusal rolls the pass back.
        const values = await ruleValuesOf(event.tx, event.node, event.recordId);
        const type = values.itemType ? await itemTypeByCode(event.tx, values.itemType) : null;
        if (values.score !== null && values.score < 0) refuse(CREDIT_MESSAGES.negative, FIELD.score);
        if (type && values.score !== null && values.score > type.maxScore)
          refuse(CREDIT_MESSAGES.overMaxOnReview(type.maxScore), FIELD.score);
        if (values.start && values.end && values.end < values.start)
          refuse(CREDIT_MESSAGES.endBeforeStart, FIELD.endTime);
        await recomputeOwner(event, '变更通过');
      },
      afterDelete: async (event) => {
        if (classOf(event.node)) await recomputeOwner(event, '信用信息删除', true);
      },
    },
  );
}
