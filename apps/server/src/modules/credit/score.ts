import {
  CREDIT_CLASSES,
  CREDIT_NODE_OF,
  CREDIT_SYSTEM_CODING,
  type CreditClass,
  type CreditItem,
  ERROR_CODES,
  type FormItem,
} from '@ks/contract';
import type { Db } from '../../db/client.ts';
import { type ResolvedNode, resolveNode } from '../../engine/record-store.ts';
import { AppError } from '../../platform/errors.ts';
import { approvedRecordsOf, enterprisesWithApprovedRecords } from './items-repository.ts';
import {
  advisoryLock,
  currentModel,
  type ItemTypeRow,
  itemTypeByCode,
  type ScoreModelRow,
  scoredUserIds,
  scoreOf,
  writeScore,
} from './repository.ts';
import { FIELD } from './system.ts';

/**
 * The score (decision 0048): base + Σgood (capped) − Σbad (capped), plus Σbasic when the model
 * says so, clipped to [0, full score]; only items whose publication window holds today count; the
 * grade is the first band (highest minimum first) the score reaches.
 */

/** Today in China (the publication windows are calendar days there), as YYYY-MM-DD. */
export const chinaDay = (now: Date): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(now);

/** start + months, as YYYY-MM-DD (the last day of a shorter month when the day does not exist). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  return target.toISOString().slice(0, 10);
}

/** The day an item stops counting: its end time, else its start plus the type's window (0: never). */
export function windowEnd(start: string | null, end: string | null, type: ItemTypeRow | null): string | null {
  if (end) return end;
  if (!start || !type || type.windowMonths === 0) return null;
  return addMonths(start, type.windowMonths);
}

export const isCounting = (start: string | null, end: string | null, today: string) =>
  (!start || start <= today) && (!end || end >= today);

/** The credit nodes as they are now (an administrator may have reshaped or removed one). */
export async function creditNodes(db: Db): Promise<{ creditClass: CreditClass; node: ResolvedNode }[]> {
  const found: { creditClass: CreditClass; node: ResolvedNode }[] = [];
  for (const creditClass of CREDIT_CLASSES) {
    try {
      found.push({
        creditClass,
        node: await resolveNode(db, CREDIT_SYSTEM_CODING, CREDIT_NODE_OF[creditClass]),
      });
    } catch (error) {
      // Not provided yet, deleted or unpublished by an administrator: that class has no items.
      if (!(error instanceof AppError && error.code === ERROR_CODES.NOT_FOUND)) throw error;
    }
  }
  return found;
}

const fieldsOf = (node: ResolvedNode): FormItem[] =>
  node.schema.items.filter((item) => (Object.values(FIELD) as string[]).includes(item.code));

/** An enterprise's approved credit items of every class, with whether each counts today. */
export async function approvedItems(db: Db, userId: string, today: string): Promise<CreditItem[]> {
  const items: CreditItem[] = [];
  for (const { creditClass, node } of await creditNodes(db)) {
    const fields = fieldsOf(node);
    if (!fields.some((item) => item.code === FIELD.score)) continue;
    for (const record of await approvedRecordsOf(db, node, fields, userId)) {
      const code = String(record.values[FIELD.itemType] ?? '');
      const type = code ? await itemTypeByCode(db, code) : null;
      const start = (record.values[FIELD.startTime] as string | null) ?? null;
      const end = windowEnd(start, (record.values[FIELD.endTime] as string | null) ?? null, type);
      items.push({
        id: record.id,
        businessId: record.businessId,
        creditClass,
        itemType: code,
        itemName: type?.name ?? code,
        score: Number(record.values[FIELD.score] ?? 0),
        severity: String(record.values[FIELD.severity] ?? ''),
        startTime: start,
        endTime: end,
        counting: isCounting(start, end, today),
      });
    }
  }
  return items;
}

export type ScoreResult = {
  score: number;
  grade: string;
  modelVersion: number;
  sums: Record<CreditClass, number>;
};

export function gradeOf(model: Pick<ScoreModelRow, 'bands'>, score: number): string {
  const bands = [...model.bands].sort((a, b) => b.min - a.min);
  return (bands.find((band) => score >= band.min) ?? bands[bands.length - 1])?.grade ?? '';
}

export function scoreWith(model: ScoreModelRow, items: readonly CreditItem[]): ScoreResult {
  const sums: Record<CreditClass, number> = { basic: 0, good: 0, bad: 0 };
  for (const item of items) if (item.counting) sums[item.creditClass] += item.score;
  const capped = (sum: number, cap: number | null) => (cap === null ? sum : Math.min(sum, cap));
  const raw =
    model.base +
    (model.basicCounts ? sums.basic : 0) +
    capped(sums.good, model.goodCap) -
    capped(sums.bad, model.badCap);
  const score = Math.round(Math.min(model.fullScore, Math.max(0, raw)) * 100) / 100;
  return { score, grade: gradeOf(model, score), modelVersion: model.modelVersion, sums };
}

/**
 * Recomputes an enterprise's score in the caller's transaction and appends it to the history when
 * it differs from the last one (score, grade or model). Concurrent recomputations of one
 * enterprise are serialised. Returns the result and whether anything changed.
 */
export async function recomputeScore(
  tx: Db,
  userId: string,
  reason: string,
  now = new Date(),
): Promise<ScoreResult & { changed: boolean }> {
  await advisoryLock(tx, `ks.credit.score:${userId}`);
  const model = await currentModel(tx);
  const result = scoreWith(model, await approvedItems(tx, userId, chinaDay(now)));
  const before = await scoreOf(tx, userId);
  const changed =
    !before ||
    before.score !== result.score ||
    before.grade !== result.grade ||
    before.modelVersion !== result.modelVersion;
  const row = {
    userId,
    score: result.score,
    grade: result.grade,
    modelVersion: result.modelVersion,
    basicSum: result.sums.basic,
    goodSum: result.sums.good,
    badSum: result.sums.bad,
    computedAt: now,
  };
  await writeScore(tx, row, changed ? { reason } : null);
  return { ...result, changed };
}

/** Every enterprise account with a score or an approved credit item: what the daily job walks. */
export async function scoredEnterprises(db: Db): Promise<string[]> {
  const ids = new Set<string>();
  for (const id of await scoredUserIds(db)) ids.add(id);
  for (const { node } of await creditNodes(db))
    for (const id of await enterprisesWithApprovedRecords(db, node)) ids.add(id);
  return [...ids];
}
