import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';

/** How long the readiness probe waits for the database before it calls the instance not ready. */
const READY_DB_TIMEOUT_MS = 2000;

const ProbeSchema = z.object({ status: z.enum(['ok', 'unavailable']), reason: z.string().optional() });

/**
 * Probes for load balancers, orchestrators and the deploy runbook (deploy/README.md). They answer
 * plain JSON, not the platform envelope: a probe reads the HTTP status, and 503 is the one code
 * every balancer understands as "take me out of rotation".
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

  app.get(
    '/ks/health/live',
    { config: { access: 'public' }, schema: schema('Liveness probe') },
    async () => ({
      status: 'ok' as const,
    }),
  );

  app.get(
    '/ks/health/ready',
    { config: { access: 'public' }, schema: schema('Readiness probe (database reachable, not draining)') },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      if (isDraining()) return reply.status(503).send({ status: 'unavailable', reason: 'draining' });
      try {
        await withTimeout(db.execute(sql`select 1`), READY_DB_TIMEOUT_MS);
        return { status: 'ok' as const };
      } catch {
        return reply.status(503).send({ status: 'unavailable', reason: 'database' });
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
