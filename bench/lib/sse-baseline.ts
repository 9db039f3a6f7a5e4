import { createServer, type ServerResponse } from 'node:http';
import { isServeEntry, startServeScript } from './child.ts';
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
export const startSseBaselineServer = (): Promise<RunningServer> =>
  startServeScript('sse-baseline', import.meta.url, READY);

if (isServeEntry(import.meta.url)) {
  serve();
}
