import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { FileService } from '../../platform/file-store.ts';
import type { InstanceBus } from '../../platform/instance-bus.ts';
import { defineJob, type Jobs } from '../../platform/jobs.ts';
import { notifyInstances, pushBusOf } from './push-bus.ts';
import { PushHub } from './push-hub.ts';
import { notifyRoutes } from './routes.ts';
import { NotifyService } from './service.ts';
import { TodoService } from './todo-service.ts';

/** Reconnection delay sent to browsers in the stream's `retry:` field. */
const SSE_RETRY_MS = 3000;

/**
 * Builds the notify area (messages, push channel, to-dos), registers its routes and subscribes to
 * the push events of every instance on the app's instance bus. On close, open streams are ended
 * first: they never finish on their own and would hold the server open.
 */
export async function registerNotify(
  app: FastifyInstance,
  deps: { database: Database; bus: InstanceBus; files: FileService; heartbeatSeconds: number; jobs: Jobs },
) {
  const notify = new NotifyService(
    deps.database.db,
    deps.files,
    new PushHub(deps.heartbeatSeconds * 1000),
    app.log,
  );
  const todos = new TodoService(deps.database.db);
  await app.register(notifyRoutes, { notify, todos, retryMs: SSE_RETRY_MS });
  await notify.start(pushBusOf(deps.bus));
  deps.jobs.define(defineEndedSessionSweepJob(deps.database));
  app.addHook('preClose', async () => notify.closeAllStreams());
  return { notify, todos };
}

/**
 * The sweep of streams whose session ended (logout elsewhere, kick-out, expiry): a scheduled job
 * (decision 0018) that runs on one instance per minute and fans out over the push bus, since each
 * instance holds its own streams. Idempotent: ending an ended stream is a no-op.
 */
export function defineEndedSessionSweepJob(database: Database) {
  return defineJob({
    name: 'notify.end-ended-session-streams',
    title: '关闭已结束会话的推送连接',
    payload: z.object({}),
    schedule: { cron: '* * * * *', payload: {} },
    timeoutSeconds: 60,
    retryLimit: 0,
    async handle() {
      // Outside a transaction pg_notify is delivered at once, to every instance this one included.
      await notifyInstances(database.db, { t: 's' });
    },
  });
}
