import {
  AssignStepBodySchema,
  AuditBodySchema,
  FUNCTION_ROLES,
  RecordVersionBodySchema,
  SUBMITTED_MESSAGE,
  WORKFLOW_DONE_MESSAGE,
  WorkflowResultEnvelopeSchema,
} from '@ks/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import type { WorkflowService } from './service.ts';

/**
 * The audit workflow's calls (/ks/monitor submit, audit, revoke, assign, publish and
 * POST /ks/flow/v1/start). Any session may call them; the service decides per node function,
 * record owner and review step.
 */
export const workflowRoutes: FastifyPluginAsyncZod<{ workflow: WorkflowService }> = async (
  app,
  { workflow },
) => {
  const tags = ['workflow'];
  const session = { access: 'session' as const };
  const response = { 200: WorkflowResultEnvelopeSchema };

  for (const url of ['/ks/monitor/submit', '/ks/flow/v1/start']) {
    app.post(
      url,
      {
        config: session,
        schema: {
          tags,
          summary:
            "Submit a record for review: validates it, snapshots it and opens its node's first audit level",
          body: RecordVersionBodySchema,
          response,
        },
      },
      async (request) =>
        ok(await workflow.submit(currentUser(request), request.body, request.ip), SUBMITTED_MESSAGE),
    );
  }

  app.post(
    '/ks/monitor/audit',
    {
      config: session,
      schema: {
        tags,
        summary: "A reviewer's decision (pass or reject with advice) on the record's current audit level",
        body: AuditBodySchema,
        response,
      },
    },
    async (request) =>
      ok(await workflow.audit(currentUser(request), request.body, request.ip), WORKFLOW_DONE_MESSAGE),
  );

  app.post(
    '/ks/monitor/revoke',
    {
      config: session,
      schema: {
        tags,
        summary: 'The submitter takes a submission back while no reviewer has acted on it',
        body: RecordVersionBodySchema,
        response,
      },
    },
    async (request) =>
      ok(await workflow.revoke(currentUser(request), request.body, request.ip), WORKFLOW_DONE_MESSAGE),
  );

  app.post(
    '/ks/monitor/assign',
    {
      // Who may assign at all is FUNCTION_ROLES: the rows offer 分配 by the same rule.
      config: { access: { roles: FUNCTION_ROLES.assign } },
      schema: {
        tags,
        summary: 'An administrator moves a pending review step (and its to-do) to another administrator',
        body: AssignStepBodySchema,
        response,
      },
    },
    async (request) =>
      ok(await workflow.assign(currentUser(request), request.body, request.ip), WORKFLOW_DONE_MESSAGE),
  );

  app.post(
    '/ks/monitor/publish',
    {
      config: session,
      schema: {
        tags,
        summary: 'Publish an approved record',
        body: RecordVersionBodySchema,
        response,
      },
    },
    async (request) =>
      ok(await workflow.publish(currentUser(request), request.body, request.ip), WORKFLOW_DONE_MESSAGE),
  );
};
