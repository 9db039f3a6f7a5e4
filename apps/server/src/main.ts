import { LOGIN_ROLE_TYPE_LABELS } from '@ks/contract';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DEMO_ACCOUNTS, seedDemoData } from './seed.ts';

const config = loadConfig();
const database = await openDatabase(
  config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR },
);
await database.migrate();
const seeded = config.SEED_DEMO ? await seedDemoData(database.db) : false;
const app = await buildApp({ config, database });

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stop taking requests, let the running ones finish, then close the database (and its lock).
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
  `KS Platform is running at ${url}  (API docs: ${url}/docs)`,
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
