import type { AuditRound, AuditStepView, AuditWay, NodeId } from '@ks/contract';
import { type SQL, sql } from 'drizzle-orm';
import { R } from '../../engine/record-store.ts';

/**
 * Every audit flow of the record aliased `r`, oldest first, each with its steps by level, as one
 * json column: the details call reads them in the record's own statement instead of more round
 * trips. The latest flow is the record's current review; the earlier ones are its history.
 */
export function auditRoundsJson(nodeId: NodeId): SQL {
  return sql`select coalesce(json_agg(json_build_object(
      'status', ai.status, 'startedAt', ai.started_at,
      'steps', (select coalesce(json_agg(json_build_object(
          'level', st.level, 'name', st.name, 'way', st.way,
          'reviewerUserId', st.reviewer_user_id, 'reviewerName', u.user_name,
          'status', st.status, 'advice', st.advice, 'actedAt', st.acted_at
        ) order by st.level, st.created_at), '[]'::json)
        from audit_steps st join users u on u.id = st.reviewer_user_id
        where st.deleted_at is null and st.instance_id = ai.id)
    ) order by ai.started_at, ai.created_at), '[]'::json)
    from audit_instances ai
    where ai.node_id = ${nodeId}::uuid and ai.record_id = ${R}.id and ai.deleted_at is null`;
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

type StoredRound = { status: AuditRound['status']; startedAt: string; steps: StoredStep[] };

/** The rounds of `auditRoundsJson` as the detail page shows them: the latest one's steps, and the earlier rounds. */
export function auditRoundViews(column: unknown): { steps: AuditStepView[]; earlierRounds: AuditRound[] } {
  // PGlite and pg both parse json columns; text arrives only from a driver configured otherwise.
  const rounds = (typeof column === 'string' ? JSON.parse(column) : (column ?? [])) as StoredRound[];
  const views = rounds.map((round) => ({
    status: round.status,
    startedAt: new Date(round.startedAt).toISOString(),
    steps: round.steps.map(stepView),
  }));
  return { steps: views.at(-1)?.steps ?? [], earlierRounds: views.slice(0, -1) };
}

function stepView(step: StoredStep): AuditStepView {
  return {
    level: step.level,
    name: step.name,
    way: step.way,
    reviewerUserId: step.reviewerUserId,
    reviewerName: step.reviewerName,
    result: RESULTS[step.status],
    advice: step.advice,
    actedAt: step.actedAt === null ? null : new Date(step.actedAt).toISOString(),
  };
}
