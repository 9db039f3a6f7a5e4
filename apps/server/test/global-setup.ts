import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { MIGRATIONS_FOLDER } from '../src/paths.ts';
import { adminQuery, databaseUrl } from './pg-admin.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL: the database migrated once for this run, which each test file clones. */
    pgTemplate: string;
    /** PGlite: a dumped data directory, migrated once, which each test file loads. */
    pgliteTemplate: string;
  }
}

/**
 * Migrates once per run instead of once per test file (docs/decisions/0019): every file still gets
 * a database of its own, cloned from this one. The run's driver is the one `useTestApp` uses.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    project.provide('pgTemplate', '');
    project.provide('pgliteTemplate', await pgliteTemplate());
    return;
  }
  const name = `ks_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const template = await openDatabase({ url: databaseUrl(adminUrl, name) });
  try {
    await template.migrate();
  } finally {
    // CREATE DATABASE … TEMPLATE refuses a template with open connections.
    await template.close();
  }
  project.provide('pgTemplate', name);
  project.provide('pgliteTemplate', '');
  return () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
}

/**
 * The migrated PGlite data directory as a tarball, kept between runs under node_modules/.cache and
 * named by what makes it: the migrations' text and PGlite's version (its data format). Building one
 * costs a fresh PGlite's initdb plus every migration, about ten CPU-seconds.
 */
async function pgliteTemplate(): Promise<string> {
  const require = createRequire(import.meta.url);
  // The package does not export its package.json; its entry sits in dist/.
  const pglitePackage = join(require.resolve('@electric-sql/pglite'), '../../package.json');
  const hash = createHash('sha256').update(JSON.parse(readFileSync(pglitePackage, 'utf8')).version);
  for (const file of filesUnder(MIGRATIONS_FOLDER)) {
    hash.update(relative(MIGRATIONS_FOLDER, file)).update(readFileSync(file));
  }
  const cacheDir = join(require.resolve('vitest/package.json'), '../../.cache/ks-server-tests');
  const path = join(cacheDir, `pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  if (existsSync(path)) return path;

  const template = await PGlite.create();
  try {
    await migrate(drizzle(template), { migrationsFolder: MIGRATIONS_FOLDER });
    // Uncompressed: gzip saves disk but costs every test file the time to inflate it.
    const tarball = Buffer.from(await (await template.dumpDataDir('none')).arrayBuffer());
    mkdirSync(cacheDir, { recursive: true });
    // Written aside and renamed: a run started meanwhile never loads half a file.
    const partial = `${path}.${process.pid}`;
    writeFileSync(partial, tarball);
    renameSync(partial, path);
  } finally {
    await template.close();
  }
  return path;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((entry) => {
      const path = join(dir, entry);
      return statSync(path).isDirectory() ? filesUnder(path) : [path];
    });
}
