/**
 * Upload benchmark: a 1 GiB file through the chunk API (upload-task → 5 MiB chunk-upload each with
 * its md5 → file-merge, as the browser does, one chunk at a time) against the real server with its
 * local-disk storage, next to a plain sequential disk write of the same bytes in the same run.
 * Also samples the server's resident memory (/proc/<pid>/status) during the upload, and records the
 * machine's load average (the machine is shared: a busy one slows the CPU-bound chunk API far more
 * than the baseline's copy). Figures only.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { environment, RESULTS_DIR, runSection } from './lib/report.ts';
import { startPlatformServer } from './lib/server.ts';
import { login } from './lib/session.ts';

const MB = 1024 * 1024;
const SIZE = Number(process.env.BENCH_UPLOAD_MB ?? 1024) * MB;
const CHUNK = 5 * MB;
const COMMAND = 'npm run bench:upload -w @ks/bench';

/** Resident set size of a process, in MiB (current, and the kernel's high-water mark). */
async function rssOf(pid: number): Promise<{ rss: number; hwm: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

/** Writes the test file from a repeated random block (fast to make; md5 still covers every byte). */
async function makeFile(path: string) {
  const block = randomBytes(CHUNK);
  Buffer.from('%PDF-1.7\n').copy(block);
  const handle = await open(path, 'w');
  for (let written = 0; written < SIZE; written += CHUNK)
    await handle.write(block, 0, Math.min(CHUNK, SIZE - written));
  await handle.close();
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ');

async function md5OfFile(path: string) {
  const hash = createHash('md5');
  for await (const chunk of createReadStream(path, { highWaterMark: CHUNK })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Baseline: the same bytes read in 5 MiB chunks and written sequentially to a new file. */
async function sequentialWrite(source: string, target: string): Promise<number> {
  const started = performance.now();
  const input = await open(source, 'r');
  const output = await open(target, 'w');
  const buffer = Buffer.alloc(CHUNK);
  for (let offset = 0; offset < SIZE; offset += CHUNK) {
    const { bytesRead } = await input.read(buffer, 0, CHUNK, offset);
    await output.write(buffer, 0, bytesRead);
  }
  await input.close();
  await output.close();
  return (performance.now() - started) / 1000;
}

type Answer<T> = { code: number; data: T; message: string };

async function call<T>(url: string, token: string, body: unknown): Promise<T> {
  const answer = (await (
    await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  ).json()) as Answer<T>;
  if (answer.code !== 200) throw new Error(`${url}: ${answer.code} ${answer.message}`);
  return answer.data;
}

const keepAlive = new Agent({ keepAlive: true, maxSockets: 1 });

/**
 * One chunk as multipart/form-data over node:http, the chunk's bytes written as they are. The load
 * generator stands in for a browser, whose native network stack sends a Blob without copying it:
 * fetch with FormData in Node 20 copies every byte twice more through web streams (a third of the
 * client's CPU in a profile), which the shared two-core machine then takes from the server.
 */
function postChunk(
  url: string,
  token: string,
  fields: Record<string, string>,
  bytes: Buffer,
): Promise<unknown> {
  const boundary = `----ks-bench-${randomBytes(8).toString('hex')}`;
  const part = (disposition: string) => `--${boundary}\r\ncontent-disposition: form-data; ${disposition}\r\n`;
  const head = Buffer.from(
    Object.entries(fields)
      .map(([name, value]) => `${part(`name="${name}"`)}\r\n${value}\r\n`)
      .join('') + `${part('name="file"; filename="chunk"')}content-type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent: keepAlive,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + bytes.length + tail.length,
        },
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (piece: Buffer) => parts.push(piece));
        res.on('end', () => {
          const answer = JSON.parse(Buffer.concat(parts).toString('utf8')) as Answer<unknown>;
          if (answer.code === 200) resolve(answer.data);
          else reject(new Error(`${url}: ${answer.code} ${answer.message}`));
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.write(head);
    req.write(bytes);
    req.end(tail);
  });
}

async function main() {
  const dir = await mkdtemp(join(tmpdir(), 'ks-bench-upload-'));
  const source = join(dir, 'bench-upload.pdf');
  const server = await startPlatformServer({ FILES_DIR: join(dir, 'files') });
  const loadAtStart = load();
  try {
    await makeFile(source);
    const md5 = await md5OfFile(source);
    const baselineSeconds = await sequentialWrite(source, join(dir, 'baseline.bin'));
    await rm(join(dir, 'baseline.bin'));

    const pid = server.pid ?? 0;
    const token = await login(server.url, 'enterprise', 'Ent2026ks');
    const before = await rssOf(pid);
    let peak = before.rss;
    const sampler = setInterval(() => {
      rssOf(pid).then(
        (m) => {
          peak = Math.max(peak, m.rss);
        },
        () => {},
      );
    }, 100);

    const started = performance.now();
    const task = await call<{ uploadId: string; chunkCount: number }>(
      `${server.url}/ks/upload/v1/upload-task`,
      token,
      {
        md5,
        fileName: 'bench-upload.pdf',
        fileSize: SIZE,
      },
    );
    const input = await open(source, 'r');
    for (let index = 0; index < task.chunkCount; index += 1) {
      const bytes = Buffer.alloc(Math.min(CHUNK, SIZE - index * CHUNK));
      await input.read(bytes, 0, bytes.length, index * CHUNK);
      await postChunk(
        `${server.url}/ks/upload/v1/chunk-upload`,
        token,
        { uploadId: task.uploadId, chunk: String(index), md5: createHash('md5').update(bytes).digest('hex') },
        bytes,
      );
    }
    await input.close();
    const chunksDone = performance.now();
    await call(`${server.url}/ks/upload/v1/file-merge`, token, {
      uploadId: task.uploadId,
      md5,
      fileName: 'bench-upload.pdf',
    });
    const uploadSeconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const after = await rssOf(pid);
    peak = Math.max(peak, after.rss);

    const mib = SIZE / MB;
    const result = {
      name: 'upload',
      sizeMiB: mib,
      chunkMiB: CHUNK / MB,
      chunks: task.chunkCount,
      upload: {
        seconds: uploadSeconds,
        mibPerSecond: mib / uploadSeconds,
        chunkPhaseSeconds: (chunksDone - started) / 1000,
        mergeSeconds: (performance.now() - chunksDone) / 1000,
      },
      baseline: { seconds: baselineSeconds, mibPerSecond: mib / baselineSeconds },
      ratio: { throughput: mib / uploadSeconds / (mib / baselineSeconds) },
      loadAverage: { start: loadAtStart, end: load() },
      serverMemoryMiB: {
        rssBefore: before.rss,
        peakRssDuringUpload: peak,
        rssAfter: after.rss,
        highWaterMark: after.hwm,
      },
    };
    const env = environment(COMMAND);
    await mkdir(RESULTS_DIR, { recursive: true });
    await writeFile(
      join(RESULTS_DIR, 'upload.json'),
      `${JSON.stringify({ ...env, benchmark: result }, null, 2)}\n`,
    );
    const f = (n: number, d = 1) => n.toFixed(d);
    const md = [
      '# Benchmark `upload`',
      '',
      `A ${mib} MiB file through the chunk API (upload-task → ${task.chunkCount} sequential 5 MiB chunk-uploads, each md5-checked by the client and the server and written in place at its offset → file-merge, which renames the file into place and checks the whole md5 the server made as the chunks came in order), against the real server (local-disk storage, embedded PGlite), next to a plain sequential write of the same bytes in the same run.`,
      '',
      '| target | seconds | MiB/s |',
      '|---|---:|---:|',
      `| chunk API (whole upload incl. merge) | ${f(uploadSeconds)} | ${f(mib / uploadSeconds)} |`,
      `| — of which chunks / merge | ${f((chunksDone - started) / 1000)} / ${f((performance.now() - chunksDone) / 1000)} |  |`,
      `| baseline: sequential disk write | ${f(baselineSeconds)} | ${f(mib / baselineSeconds)} |`,
      `| **ratio chunk API / baseline (throughput)** |  | **${f(result.ratio.throughput, 3)}** |`,
      '',
      `Server resident memory: ${f(before.rss)} MiB before, peak ${f(peak)} MiB during the upload (sampled every 100 ms; +${f(peak - before.rss)} MiB over the idle server), ${f(after.rss)} MiB after; kernel high-water mark ${f(after.hwm)} MiB. The idle figure is mostly the embedded PGlite (WASM heap); the upload holds one 5 MiB chunk per request in flight, never the file.`,
      '',
      `Load average (1 / 5 / 15 min) at start ${result.loadAverage.start}, at end ${result.loadAverage.end} (${cpus().length} CPUs).`,
      '',
      'Figures, not assertions: the load generator, the server and the baseline share the machine. The chunk API writes every byte once, as the baseline does, but on top of the copy it hashes every byte three times (the client per chunk, the server per chunk to check it, the server again for the whole file) and sends it through HTTP multipart; the baseline only copies.',
      '',
      ...runSection(env, '(size: BENCH_UPLOAD_MB, default 1024)'),
      '',
    ].join('\n');
    await writeFile(join(RESULTS_DIR, 'upload.md'), md);
    console.log(md);
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
