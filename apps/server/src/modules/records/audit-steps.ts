import type { AuditStepView, AuditWay } from '@ks/contract';
import { type SQL, sql } from 'drizzle-orm';
import { R } from './record-store.ts';

/**
 * The steps of the latest audit flow of the record aliased `r`, by level, as one json column: the
 * details call reads them in the record's own statement instead of two more round trips.
 */
export function latestAuditStepsJson(nodeId: string): SQL {
  return sql`select coalesce(json_agg(json_build_object(
      'level', st.level, 'name', st.name, 'way', st.way,
      'reviewerUserId', st.reviewer_user_id, 'reviewerName', u.user_name,
      'status', st.status, 'advice', st.advice, 'actedAt', st.acted_at
    ) order by st.level, st.created_at), '[]'::json)
    from audit_steps st join users u on u.id = st.reviewer_user_id
    where st.deleted_at is null and st.instance_id = (
      select ai.id from audit_instances ai
      where ai.node_id = ${nodeId}::uuid and ai.record_id = ${R}.id and ai.deleted_at is null
      order by ai.started_at desc limit 1)`;
}

type StoredStep = {
  level: number;
  name: string;
  way: AuditWay;
  reviewerUserId: string;
  reviewerName: string;
  status: keyof typeof RESULTS;
  advice: string;
  actedAt: string | null;
};
const RESULTS = { pending: '', passed: 'pass', rejected: 'reject', skipped: 'skipped' } as const;

/** The steps of `latestAuditStepsJson` as the detail page shows them. */
export function auditStepViews(column: unknown): AuditStepView[] {
  // PGlite and pg both parse json columns; text arrives only from a driver configured otherwise.
  const steps = (typeof column === 'string' ? JSON.parse(column) : (column ?? [])) as StoredStep[];
  return steps.map((step) => ({
    level: step.level,
    name: step.name,
    way: step.way,
    reviewerUserId: step.reviewerUserId,
    reviewerName: step.reviewerName,
    result: RESULTS[step.status],
    advice: step.advice,
    actedAt: step.actedAt === null ? null : new Date(step.actedAt).toISOString(),
  }));
}
