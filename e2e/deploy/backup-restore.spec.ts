import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO } from '../support/browser.ts';
import { ApiSession } from '../support/records-api.ts';
import { startServer } from '../support/server.ts';
import { buildPdf } from '../support/test-files.ts';
import { createDatabase } from './cluster.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const unavailable = process.env.DATABASE_URL ? null : 'DATABASE_URL is not set (the backup is of PostgreSQL)';
if (unavailable && process.env.CI) throw new Error(`backup scenario cannot run in CI: ${unavailable}`);

const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');
const work = mkdtempSync(join(tmpdir(), 'ks-backup-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Runs one of deploy/'s scripts as an operator would; answers its exit code and output. */
function runScript(script: string, args: string[], env: Record<string, string>) {
  try {
    const output = execFileSync('bash', [join(ROOT, 'deploy', script), ...args], {
      env: { ...process.env, ...env },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return { code: 0, output };
  } catch (error) {
    const failed = error as { status: number; stderr: string };
    return { code: failed.status, output: failed.stderr };
  }
}

describe.skipIf(unavailable !== null)('deploy/backup.sh and deploy/restore.sh', () => {
  it('restores database and files into an empty deployment that one can log in to', async () => {
    const source = await createDatabase('ks_backup_src');
    const target = await createDatabase('ks_backup_dst');
    const sourceFiles = join(work, 'files-source');
    const targetFiles = join(work, 'files-target');
    mkdirSync(sourceFiles);
    try {
      const original = await startServer({ DATABASE_URL: source.url, FILES_DIR: sourceFiles });
      const name = `备份样本-${Date.now().toString(36)}.pdf`;
      const bytes = buildPdf(name);
      let fileUrl = '';
      try {
        const enterprise = await ApiSession.logIn(
          original.baseUrl,
          DEMO.enterprise.account,
          DEMO.enterprise.password,
        );
        const form = new FormData();
        form.set('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name);
        fileUrl = (await enterprise.post<{ url: string }>('/ks/common/common/upload/attachment', form)).url;
        const backup = runScript('backup.sh', [join(work, 'backup')], {
          DATABASE_URL: source.url,
          FILES_DIR: sourceFiles,
        });
        expect(backup).toMatchObject({ code: 0 });
      } finally {
        await original.stop();
      }

      const restore = () =>
        runScript('restore.sh', [join(work, 'backup')], { DATABASE_URL: target.url, FILES_DIR: targetFiles });
      expect(restore()).toMatchObject({ code: 0 });
      // A second restore would mix two deployments: it is refused and changes nothing.
      const again = restore();
      expect(again.code).toBe(1);
      expect(again.output).toContain('refusing to restore');

      // SEED_DEMO stays on: the restored database is not empty, so nothing is seeded over it.
      const restored = await startServer({ DATABASE_URL: target.url, FILES_DIR: targetFiles });
      try {
        const enterprise = await ApiSession.logIn(
          restored.baseUrl,
          DEMO.enterprise.account,
          DEMO.enterprise.password,
        );
        const download = await enterprise.download(fileUrl);
        expect(download.status).toBe(200);
        expect(md5(download.bytes)).toBe(md5(bytes));
      } finally {
        await restored.stop();
      }
    } finally {
      await source.drop();
      await target.drop();
    }
  }, 240000);
});
