import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The test files whose outcome can depend on the database driver (docs/decisions/0019): the client
 * and migrations (src/db/), and every file that names the driver or exercises what differs between
 * PGlite's single in-process session and PostgreSQL's pool — the jobs (pg-boss), the instance bus
 * (LISTEN/NOTIFY), lock waits and races, cursors, session views. Found by content, so a new test of
 * that kind joins the set without anyone keeping a list.
 */
const DRIVER_SENSITIVE =
  /process\.env\.DATABASE_URL|openDatabase|startJobs|jobs\.start\(|pg-boss|instance-bus|untilWaiting|raceWhileHeld|pg_stat_activity|pg_cursors|pg_locks|advisory|concurren|at the same time|simultaneous|\brac(?:e|es|ing)\b/i;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const driverSensitiveFiles = () =>
  testFiles('src').filter(
    (file) => file.startsWith(join('src', 'db')) || DRIVER_SENSITIVE.test(readFileSync(file, 'utf8')),
  );

export default defineConfig({
  test: {
    // KS_SERVER_TESTS=driver: only the driver-sensitive files (CI's PGlite run, after the whole suite
    // ran on PostgreSQL; scripts/test-server.sh). Unset: every file.
    include: process.env.KS_SERVER_TESTS === 'driver' ? driverSensitiveFiles() : ['src/**/*.test.ts'],
    // Migrates once per run; each file's database is a copy of that one (test/helper.ts).
    globalSetup: ['./test/global-setup.ts'],
    // Each test file gets its own database; two at a time suits a 2-core machine.
    pool: 'forks',
    maxWorkers: 2,
    // A worker imports the app once and runs its files one after another, instead of a fresh
    // process (and import) per file: the import was most of a small file's CPU time. Each file
    // still builds its own app on its own database; the modules' one process-wide cache is
    // emptied when a file builds its app (test/helper.ts).
    isolate: false,
    testTimeout: 30000,
    // Loading the migrated template into a new PGlite costs ~2.5 CPU-seconds; on a loaded 2-core machine that has taken 30 s.
    hookTimeout: 180000,
  },
});
