import { ERROR_CODES, envelopeOf } from '@ks/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { ok } from '../../platform/envelope.ts';

/** How long the readiness probe waits for the database before it calls the instance not ready. */
const READY_DB_TIMEOUT_MS = 2000;

const ProbeSchema = envelopeOf(
  z.object({ status: z.enum(['ok', 'unavailable']), reason: z.string().optional() }),
);

/** 503 with the envelope: a probe reads the HTTP status, which every balancer understands. */
const unavailable = (reason: 'draining' | 'database') => ({
  code: ERROR_CODES.INTERNAL,
  data: { status: 'unavailable' as const, reason },
  message: '服务暂不可用',
});

/**
 * Probes for load balancers, orchestrators and the deploy runbook (deploy/README.md), in the
 * platform's envelope like every route; what a balancer reads is the HTTP status (200 or 503).
 *
 * - live: the process answers at all (restart it when this fails).
 * - ready: it can serve requests — the database answers, and the instance is not shutting down.
 *   On SIGTERM main.ts flips `draining` first, so a balancer that probes stops sending new work
 *   while the in-flight requests and uploads finish.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Db; isDraining: () => boolean }> = async (
  app,
  { db, isDraining },
) => {
  const tags = ['platform'];
  const schema = (summary: string) => ({ tags, summary, response: { 200: ProbeSchema, 503: ProbeSchema } });

  app.get('/ks/health/live', { config: { access: 'public' }, schema: schema('Liveness probe') }, async () =>
    ok({ status: 'ok' as const }),
  );

  app.get(
    '/ks/health/ready',
    { config: { access: 'public' }, schema: schema('Readiness probe (database reachable, not draining)') },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      if (isDraining()) return reply.status(503).send(unavailable('draining'));
      try {
        await withTimeout(db.execute(sql`select 1`), READY_DB_TIMEOUT_MS);
        return ok({ status: 'ok' as const });
      } catch {
        return reply.status(503).send(unavailable('database'));
      }
    },
  );
};

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
