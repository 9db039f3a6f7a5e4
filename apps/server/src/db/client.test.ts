import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { rsaKeys } from './schema/index.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'ks-db-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('openDatabase on PGlite', () => {
  it('keeps data across a close and a reopen of the data directory', async () => {
    const dataDir = tempDir();
    const first = await openDatabase({ dataDir });
    await first.migrate();
    await first.db.insert(rsaKeys).values({ id: 'k', publicKey: 'pub', privateKey: 'priv' });
    await first.close();
    const second = await openDatabase({ dataDir });
    const rows = await second.db.select({ id: rsaKeys.id }).from(rsaKeys);
    expect(rows).toEqual([{ id: 'k' }]);
    await second.close();
  });

  it('refuses a second open of a data directory in use, and frees it on close', async () => {
    const dataDir = tempDir();
    const first = await openDatabase({ dataDir });
    await expect(openDatabase({ dataDir })).rejects.toThrow(/is in use by process \d+/);
    await first.close();
    expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false);
    const again = await openDatabase({ dataDir });
    await again.close();
  });

  it('takes over a lock left by a process that is gone', async () => {
    const dataDir = tempDir();
    writeFileSync(join(dataDir, 'pglite.lock'), '2147483646');
    const database = await openDatabase({ dataDir });
    await database.close();
  });

  it.runIf(existsSync('/proc/self/stat'))(
    'tells a live owner from a live process that took the dead owner’s pid, by its start time',
    async () => {
      const dataDir = tempDir();
      const lock = join(dataDir, 'pglite.lock');
      const stat = readFileSync(`/proc/${process.ppid}/stat`, 'utf8');
      const parentStart = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
      // The parent process, as the lock's writer: in use.
      writeFileSync(lock, `${process.ppid}:${parentStart}`);
      await expect(openDatabase({ dataDir })).rejects.toThrow(/is in use by process/);
      // The same pid but another start: the writer is gone and its pid was reused.
      writeFileSync(lock, `${process.ppid}:1`);
      const database = await openDatabase({ dataDir });
      await database.close();
    },
  );
});

describe.runIf(process.env.DATABASE_URL)('Database.reserve on PostgreSQL', () => {
  const open = () => openDatabase({ url: String(process.env.DATABASE_URL) });
  const declare = sql`declare reserved_probe no scroll cursor with hold for select 1`;

  it('keeps session state across the statements of one work', async () => {
    const database = await open();
    try {
      const fetched = await database.reserve(async (session) => {
        await session.execute(declare);
        const result = await session.execute(sql`fetch 1 from reserved_probe`);
        await session.execute(sql`close reserved_probe`);
        return (result as unknown as { rows: unknown[] }).rows;
      });
      expect(fetched).toHaveLength(1);
    } finally {
      await database.close();
    }
  });

  it('discards a connection whose work failed, with whatever session state it left', async () => {
    const database = await open();
    try {
      const failing = database.reserve(async (session) => {
        await session.execute(declare);
        throw new Error('the download went away');
      });
      await expect(failing).rejects.toThrow('the download went away');
      // A connection returned with its cursor open would refuse the same DECLARE.
      await database.reserve((session) => session.execute(declare));
    } finally {
      await database.close();
    }
  });
});
