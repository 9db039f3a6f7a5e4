import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../support/browser.ts';
import { ApiSession, buildPublishedNode, reviewerByAccount } from '../support/records-api.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { buildPdf } from '../support/test-files.ts';
import { createDatabase } from './cluster.ts';

const unavailable = process.env.DATABASE_URL
  ? null
  : 'DATABASE_URL is not set (the instance restarts on PostgreSQL)';
if (unavailable && process.env.CI) throw new Error(`fault scenarios cannot run in CI: ${unavailable}`);

const RUN = Date.now().toString(36).toUpperCase();
const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');
type SaveResult = { id: string; version: number };

describe.skipIf(unavailable !== null)('kill -9 of an instance', () => {
  const work = mkdtempSync(join(tmpdir(), 'ks-faults-'));
  let database: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await createDatabase('ks_faults');
    // Files on a folder that outlives the process, as a shared mount would.
    env = { DATABASE_URL: database.url, FILES_DIR: join(work, 'files') };
    server = await startServer(env);
  }, 180000);

  afterAll(async () => {
    await server?.stop();
    await database?.drop();
    rmSync(work, { recursive: true, force: true });
  });

  /** Kills the instance where it stands and starts a new one on the same database and files. */
  async function crashAndRestart() {
    await server.crash();
    server = await startServer(env);
  }

  it('in the middle of concurrent saves: every acknowledged save is there, with its whole history', async () => {
    const developer = await ApiSession.logIn(server.baseUrl, DEMO.developer.account, DEMO.developer.password);
    const node = await buildPublishedNode(developer, {
      systemCoding: `FAULT${RUN}`,
      systemName: `故障演练系统${RUN}`,
      systemTitle: '故障演练',
      gnCoding: 'FAULTSAVE',
      title: `故障演练记录${RUN}`,
      definition: {
        form: {
          items: [
            { code: 'title', name: '标题', type: 'text', required: '1' },
            { code: 'seq', name: '序号', type: 'input-number', required: '1' },
          ],
        },
        list: { columns: [{ code: 'title', name: '标题' }] },
        functions: ['save', 'view'],
      },
      authority: {
        grants: [
          { functionCode: 'save', roles: ['U'] },
          { functionCode: 'view', roles: ['U'] },
        ],
        visibleRoles: ['U'],
      },
    });
    const enterprise = await ApiSession.logIn(
      server.baseUrl,
      DEMO.enterprise.account,
      DEMO.enterprise.password,
    );
    const acknowledged = new Map<number, string>();
    // Four writers create records and then change each once more (a second revision), until the
    // instance dies under them; a save is acknowledged only when its answer arrived.
    const writer = async (lane: number) => {
      for (let i = 0; ; i += 1) {
        const seq = lane * 100000 + i;
        try {
          const created = await enterprise.post<SaveResult>('/ks/monitor/save', {
            ...node,
            values: { title: `故障${seq}`, seq },
          });
          const changed = await enterprise.post<SaveResult>('/ks/monitor/save', {
            ...node,
            id: created.id,
            version: created.version,
            values: { title: `故障${seq}已改`, seq },
          });
          acknowledged.set(seq, changed.id);
        } catch {
          return;
        }
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    await expect.poll(() => acknowledged.size, { timeout: 120000 }).toBeGreaterThanOrEqual(30);
    await crashAndRestart();
    await Promise.all(writers);

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const {
        rows: [source],
      } = await client.query<{ table_name: string }>(
        'select table_name from node_data_sources where node_id = $1',
        [node.nodeId],
      );
      const { rows } = await client.query<{ id: string; title: string; seq: string; version: number }>(
        `select id, title, seq::text as seq, version from ks_data."${source?.table_name}" where deleted_at is null`,
      );
      const byId = new Map(rows.map((row) => [row.id, row]));
      for (const [seq, id] of acknowledged) {
        expect(byId.get(id)).toMatchObject({ title: `故障${seq}已改`, seq: String(seq), version: 2 });
      }
      // No half-written history: every record's revisions run 1..version, no gap, none beyond.
      const { rows: histories } = await client.query<{ record_id: string; versions: number[] }>(
        `select record_id, array_agg(version order by version) as versions
           from record_revisions where node_id = $1 group by record_id`,
        [node.nodeId],
      );
      const versionsOf = new Map(histories.map((h) => [h.record_id, h.versions]));
      for (const row of rows) {
        expect({ id: row.id, versions: versionsOf.get(row.id) }).toEqual({
          id: row.id,
          versions: Array.from({ length: row.version }, (_, index) => index + 1),
        });
      }
    } finally {
      await client.end();
    }

    // The new instance takes saves at once, with the same login (sessions are in the database).
    await expect(
      enterprise
        .on(server.baseUrl)
        .post('/ks/monitor/save', { ...node, values: { title: '重启后', seq: 1 } }),
    ).resolves.toMatchObject({ version: 1 });
  }, 300000);

  it('in the middle of concurrent audit decisions: each record is wholly decided or wholly pending', async () => {
    const developer = await ApiSession.logIn(server.baseUrl, DEMO.developer.account, DEMO.developer.password);
    const reviewer = await reviewerByAccount(developer, DEMO.admin.account);
    const node = await buildPublishedNode(developer, {
      systemCoding: `FAUDIT${RUN}`,
      systemName: `故障审核系统${RUN}`,
      systemTitle: '故障审核',
      gnCoding: 'FAULTAUDIT',
      title: `故障审核记录${RUN}`,
      definition: {
        form: { items: [{ code: 'title', name: '标题', type: 'text', required: '1' }] },
        list: { columns: [{ code: 'title', name: '标题' }] },
        functions: ['save', 'submit', 'audit', 'view'],
        audit: {
          levels: [{ level: 1, name: '审核', way: 'single', reviewerUserId: reviewer.id, orgId: '' }],
        },
      },
      authority: {
        grants: [
          { functionCode: 'save', roles: ['U'] },
          { functionCode: 'submit', roles: ['U'] },
          { functionCode: 'view', roles: ['U', 'M'] },
          { functionCode: 'audit', roles: ['M'] },
        ],
        visibleRoles: ['U', 'M'],
      },
    });
    const enterprise = await ApiSession.logIn(
      server.baseUrl,
      DEMO.enterprise.account,
      DEMO.enterprise.password,
    );
    const submitted: string[] = [];
    for (let i = 0; i < 100; i += 1) {
      const saved = await enterprise.post<SaveResult>('/ks/monitor/save', {
        ...node,
        values: { title: `待审${i}` },
      });
      await enterprise.post('/ks/monitor/submit', { ...node, id: saved.id, version: saved.version });
      submitted.push(saved.id);
    }
    const admin = await ApiSession.logIn(server.baseUrl, DEMO.admin.account, DEMO.admin.password);
    const passed = new Set<string>();
    const queue = [...submitted];
    const decider = async () => {
      for (let id = queue.shift(); id; id = queue.shift()) {
        try {
          await admin.post('/ks/monitor/audit', { ...node, id, result: 'pass', advice: '同意' });
          passed.add(id);
        } catch {
          return;
        }
      }
    };
    const deciders = [decider(), decider(), decider(), decider()];
    await expect.poll(() => passed.size, { timeout: 120000 }).toBeGreaterThanOrEqual(10);
    await crashAndRestart();
    await Promise.all(deciders);
    expect(passed.size).toBeLessThan(submitted.length);

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const {
        rows: [source],
      } = await client.query<{ table_name: string }>(
        'select table_name from node_data_sources where node_id = $1',
        [node.nodeId],
      );
      // Record, flow, step and the reviewer's to-do of each submission, side by side.
      const { rows } = await client.query<{ id: string; state: string }>(
        `select r.id, concat_ws('/', r.status, r.audit_state, i.status, s.status, (t.done_at is not null)::text) as state
           from ks_data."${source?.table_name}" r
           join audit_instances i on i.record_id = r.id and i.node_id = $1
           join audit_steps s on s.instance_id = i.id
           left join notify_todos t on t.id = s.todo_id
          where r.deleted_at is null`,
        [node.nodeId],
      );
      expect(rows.length).toBe(submitted.length);
      for (const row of rows) {
        // Acknowledged: decided everywhere. Otherwise either decided everywhere (the answer was
        // lost with the process) or pending everywhere, never in between.
        const decided = 'approved/passed/passed/passed/true';
        const pending = 'submitted/pending/running/pending/false';
        expect({ id: row.id, state: row.state }).toEqual({
          id: row.id,
          state: passed.has(row.id) ? decided : row.state === decided ? decided : pending,
        });
      }
    } finally {
      await client.end();
    }
  }, 300000);

  it('in the middle of a chunk upload and of the merge: the upload resumes and completes whole', async () => {
    const enterprise = await ApiSession.logIn(
      server.baseUrl,
      DEMO.enterprise.account,
      DEMO.enterprise.password,
    );
    const name = `故障分片-${RUN}.pdf`;
    const bytes = buildPdf(name, 12 * 1024 * 1024);
    const start = { md5: md5(bytes), fileName: name, fileSize: bytes.length };
    const task = await enterprise.post<{ uploadId: string; chunkSize: number; chunkCount: number }>(
      '/ks/upload/v1/upload-task',
      start,
    );
    expect(task.chunkCount).toBe(3);
    const sendChunk = (session: ApiSession, chunk: number) => {
      const part = bytes.subarray(chunk * task.chunkSize, (chunk + 1) * task.chunkSize);
      const form = new FormData();
      form.set('uploadId', task.uploadId);
      form.set('chunk', String(chunk));
      form.set('md5', md5(part));
      form.set('file', new Blob([new Uint8Array(part)]), name);
      return session.post('/ks/upload/v1/chunk-upload', form);
    };
    await sendChunk(enterprise, 0);
    // The second chunk is on its way when the process dies.
    const inFlight = sendChunk(enterprise, 1).catch((error: Error) => error);
    await crashAndRestart();
    await inFlight;

    const resumed = enterprise.on(server.baseUrl);
    const again = await resumed.post<{ uploadId: string; uploadedChunks: number[] }>(
      '/ks/upload/v1/upload-task',
      start,
    );
    expect(again.uploadId).toBe(task.uploadId);
    expect(again.uploadedChunks).toContain(0);
    for (let chunk = 0; chunk < task.chunkCount; chunk += 1) {
      if (!again.uploadedChunks.includes(chunk)) await sendChunk(resumed, chunk);
    }
    // The merge is cut short too: the process dies as soon as it has started joining.
    const merging = resumed
      .post('/ks/upload/v1/file-merge', { uploadId: task.uploadId, md5: md5(bytes) })
      .catch((error: Error) => error);
    await crashAndRestart();
    await merging;
    // After a restart the same upload is either finished or merges now, to the same whole file.
    const afterMerge = enterprise.on(server.baseUrl);
    const state = await afterMerge.post<{ uploadedChunks: number[]; file: { url: string } | null }>(
      '/ks/upload/v1/upload-task',
      start,
    );
    const file =
      state.file ??
      (
        await afterMerge.post<{ file: { url: string } | null }>('/ks/upload/v1/file-merge', {
          uploadId: task.uploadId,
          md5: md5(bytes),
        })
      ).file;
    const download = await afterMerge.download(file?.url ?? '');
    expect(download.status).toBe(200);
    expect(md5(download.bytes)).toBe(md5(bytes));
  }, 300000);
});
