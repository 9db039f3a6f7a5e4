import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { FileService } from '../../platform/file-store.ts';
import { createPushBus } from './push-bus.ts';
import { PushHub } from './push-hub.ts';
import { notifyRoutes } from './routes.ts';
import { NotifyService } from './service.ts';
import { TodoService } from './todo-service.ts';

/** Reconnection delay sent to browsers in the stream's `retry:` field. */
const SSE_RETRY_MS = 3000;

/**
 * Builds the notify area (messages, push channel, to-dos), registers its routes and starts
 * listening for push events of every instance. On close, open streams are ended first: they never
 * finish on their own and would hold the server open.
 */
export async function registerNotify(
  app: FastifyInstance,
  deps: { database: Database; files: FileService; heartbeatSeconds: number },
) {
  const notify = new NotifyService(
    deps.database.db,
    deps.files,
    new PushHub(deps.heartbeatSeconds * 1000),
    app.log,
  );
  const todos = new TodoService(deps.database.db);
  await app.register(notifyRoutes, { notify, todos, retryMs: SSE_RETRY_MS });
  const bus = createPushBus(deps.database, app.log);
  await notify.start(bus, deps.heartbeatSeconds * 1000);
  app.addHook('preClose', async () => {
    notify.closeAllStreams();
    await bus.close();
  });
  return { notify, todos };
}
