import { LOGIN_ROLE_TYPE_LABELS } from '@ks/contract';
import { buildApp } from './app.ts';
import { isLoopbackHost, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { createFileStorage } from './modules/files/register.ts';
import { ensureProvidedSystems } from './provided-systems.ts';
import { DEMO_ACCOUNTS, seedDemoData } from './seed.ts';

const config = loadConfig();
const database = await openDatabase(
  config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR },
);
await database.migrate();
const app = await buildApp({ config, database });
// After the app is built: the demo's records are saved through the business modules' handlers.
const seeded = config.SEED_DEMO
  ? await seedDemoData(database.db, await createFileStorage(config), app.engine)
  : false;
// The business modules' own systems (the credit library), built once and the administrators' then.
await ensureProvidedSystems(database.db, app.engine, app.log);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Readiness first, so a probing balancer moves new work elsewhere; then stop taking requests,
    // end the push streams (clients reconnect elsewhere with Last-Event-ID), let the running
    // requests and uploads finish, and close the database (and its lock).
    app.lifecycle.draining = true;
    if (config.SHUTDOWN_DRAIN_SECONDS > 0) {
      await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_SECONDS * 1000));
    }
    await app.close();
    await database.close();
    process.exit(0);
  });
}

// Workers, maintenance and the cron clock (unless JOBS_WORK=false); jobs committed before a crash run now.
await app.jobs.start();
await app.listen({ port: config.PORT, host: config.HOST });
const url = `http://localhost:${(app.server.address() as { port: number }).port}`;
const lines = [
  '',
  `KS Platform is running at ${url}${config.API_DOCS ? `  (API docs: ${url}/docs)` : ''}`,
  isLoopbackHost(config.HOST)
    ? `Listening on ${config.HOST} only, reachable from this machine; HOST=0.0.0.0 opens it to the network`
    : `Listening on ${config.HOST}, reachable from the network`,
  `Database: ${database.driver === 'pg' ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.DATA_DIR}`}${seeded ? ', demo data seeded' : ''}`,
];
if (config.SEED_DEMO) {
  lines.push('Demo accounts (account / password):');
  for (const demo of DEMO_ACCOUNTS) {
    lines.push(
      `  ${LOGIN_ROLE_TYPE_LABELS[demo.loginRoleType].padEnd(6, '　')} ${demo.account} / ${demo.password}`,
    );
  }
}
console.log(lines.join('\n'));
