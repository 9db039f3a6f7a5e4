import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import S3rver from 's3rver';
import { type RunningServer, startServer } from '../support/server.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const NGINX = '/usr/sbin/nginx';
const TEMPLATE = join(ROOT, 'deploy/nginx/ks-platform.conf.template');

/** Why the production-shaped run cannot happen here, or null when it can. */
export function clusterUnavailable(): string | null {
  if (!process.env.DATABASE_URL) return 'DATABASE_URL is not set (several instances need PostgreSQL)';
  if (!existsSync(NGINX)) return `${NGINX} is missing (apt-get install nginx-light)`;
  return null;
}

/** A port nothing listens on now (the kernel's pick, released for the caller to bind). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Substitutes the template's ${KS_...} placeholders as deploy/render-nginx.sh does with envsubst. */
function renderTemplate(values: Record<string, string>): string {
  return readFileSync(TEMPLATE, 'utf8').replace(/\$\{(KS_[A-Z_]+)\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`template placeholder ${whole} has no value`);
    return value;
  });
}

/** A new empty database on the PostgreSQL server of DATABASE_URL; answers its URL and a drop. */
export async function createDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL as string;
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export interface Cluster {
  /** The proxy's https origin: what a person's browser talks to. */
  url: string;
  instances: RunningServer[];
  /** Upstream addresses (host:port) of the instances, as nginx's access log names them. */
  upstreams: string[];
  databaseUrl: string;
  /** Access-log lines: `<upstream> <status> <method> <uri>`. */
  accessLog(): string[];
  stop(): Promise<void>;
}

/**
 * Production's shape on one machine: a fresh PostgreSQL database, an S3 stand-in (s3rver),
 * `count` instances of the built server on both, and Debian's nginx in front of them running the
 * deploy template itself, with a self-signed certificate.
 */
export async function startCluster(count = 2): Promise<Cluster> {
  const work = mkdtempSync(join(tmpdir(), 'ks-cluster-'));
  const database = await createDatabase('ks_cluster');
  const databaseUrl = database.url;

  const s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory: join(work, 's3'),
    silent: true,
    configureBuckets: [{ name: 'ks-files', configs: [] }],
  });
  const { port: s3Port } = (await s3.run()) as { port: number };

  const env = {
    DATABASE_URL: databaseUrl,
    FILES_STORAGE: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_BUCKET: 'ks-files',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    TRUST_PROXY: '127.0.0.1',
  };
  const instances: RunningServer[] = [];
  let nginx: ChildProcess | undefined;
  const stop = async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx?.once('exit', resolve));
      nginx.kill('SIGTERM');
      await exited;
    }
    await Promise.all(instances.map((instance) => instance.stop()));
    await s3.close();
    await database.drop();
    rmSync(work, { recursive: true, force: true });
  };

  try {
    // The first instance migrates and seeds the demo data; the others find both done.
    instances.push(await startServer(env));
    for (let i = 1; i < count; i += 1) instances.push(await startServer(env));
    const upstreams = instances.map((instance) => new URL(instance.baseUrl).host);

    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-keyout',
        join(work, 'tls.key'),
        '-out',
        join(work, 'tls.crt'),
      ],
      { stdio: 'ignore' },
    );
    const httpsPort = await freePort();
    const site = renderTemplate({
      KS_UPSTREAM_SERVERS: upstreams.map((upstream) => `server ${upstream};`).join('\n    '),
      KS_HTTP_PORT: String(await freePort()),
      KS_HTTPS_PORT: String(httpsPort),
      KS_SERVER_NAME: 'localhost',
      KS_TLS_CERT: join(work, 'tls.crt'),
      KS_TLS_KEY: join(work, 'tls.key'),
      KS_WEB_ROOT: process.env.E2E_WEB_DIST ?? join(ROOT, 'apps/web/dist'),
    });
    writeFileSync(join(work, 'ks-platform.conf'), site);
    const accessLogPath = join(work, 'access.log');
    // The production nginx.conf differs only in its paths (deploy/nginx/nginx.conf).
    writeFileSync(
      join(work, 'nginx.conf'),
      `${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 1;
pid ${join(work, 'nginx.pid')};
error_log ${join(work, 'error.log')} warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  log_format upstream '$upstream_addr $status $request_method $request_uri';
  access_log ${accessLogPath} upstream;
  client_body_temp_path ${join(work, 'body')};
  proxy_temp_path ${join(work, 'proxy')};
  include ${join(work, 'ks-platform.conf')};
}
`,
    );
    nginx = spawn(NGINX, ['-p', work, '-c', join(work, 'nginx.conf'), '-g', 'daemon off;'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let nginxErrors = '';
    nginx.stderr?.on('data', (chunk: Buffer) => {
      nginxErrors += chunk.toString();
    });
    const origin = `https://localhost:${httpsPort}`;
    const proxy = nginx;
    await waitUntilReady(origin, () =>
      proxy.exitCode === null ? null : nginxErrors || `exit ${proxy.exitCode}`,
    );

    return {
      url: origin,
      instances,
      upstreams,
      databaseUrl,
      accessLog: () =>
        existsSync(accessLogPath) ? readFileSync(accessLogPath, 'utf8').split('\n').filter(Boolean) : [],
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Polls the readiness probe through the proxy (self-signed: certificate checks are off here only).
 * `failure` answers why the proxy is gone, or null while it runs.
 */
async function waitUntilReady(origin: string, failure: () => string | null) {
  const deadline = Date.now() + 30000;
  for (;;) {
    const status = await new Promise<number>((resolve) => {
      get(`${origin}/ks/health/ready`, { rejectUnauthorized: false }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      }).on('error', () => resolve(0));
    });
    if (status === 200) return;
    const failed = failure();
    if (failed !== null) throw new Error(`nginx stopped:\n${failed}`);
    if (Date.now() > deadline) throw new Error('nginx did not become ready in 30 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
