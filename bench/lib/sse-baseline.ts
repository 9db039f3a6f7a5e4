import { createServer, type ServerResponse } from 'node:http';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { REPO_ROOT, spawnUntilReady, stopChild } from './child.ts';
import type { RunningServer } from './server.ts';

const READY = 'SSE_BASELINE_LISTENING';

/**
 * Runs in the child: a bare node:http server doing the same fan-out as the platform with no
 * database, no authentication and no framework — GET /subscribe opens a stream, POST /publish
 * writes its body as one event to every open stream.
 */
function serve(): void {
  const streams = new Set<ServerResponse>();
  let nextId = 1;
  const server = createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/subscribe') {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      response.write('retry: 3000\n\n');
      streams.add(response);
      request.on('close', () => streams.delete(response));
      return;
    }
    if (request.method === 'POST' && request.url === '/publish') {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        const frame = `id: ${nextId++}\ndata: ${JSON.stringify({ msgType: 1, messages: body, show: true })}\n\n`;
        for (const stream of streams) stream.write(frame);
        response.end('ok');
      });
      return;
    }
    response.statusCode = 404;
    response.end();
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    console.log(`${READY} ${typeof address === 'object' && address ? address.port : 0}`);
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      for (const stream of streams) stream.end();
      server.close(() => process.exit(0));
    });
  }
}

/** Starts the bare SSE server in its own process, so its memory can be read apart from the clients'. */
export async function startSseBaselineServer(): Promise<RunningServer> {
  const { child, match } = await spawnUntilReady({
    label: 'sse-baseline',
    args: ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve'],
    cwd: REPO_ROOT,
    env: { ...process.env },
    readyPattern: new RegExp(`${READY} (\\d+)`),
    timeoutMs: 30_000,
  });
  let stopped: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${match[1]}`,
    pid: child.pid,
    stop: () => {
      stopped ??= stopChild(child);
      return stopped;
    },
  };
}

const entry = process.argv[1];
if (entry && import.meta.url === pathToFileURL(entry).href && process.argv.includes('--serve')) {
  serve();
}
