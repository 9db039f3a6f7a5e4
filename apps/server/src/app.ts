import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { ERROR_CODES, ERROR_MESSAGES } from '@ks/contract';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { LifecycleEvents, type OutboxFactory } from './engine/lifecycle.ts';
import { ModuleActions } from './engine/module-actions.ts';
import type { BusinessModule, EngineRegistry, ModuleHost } from './engine/modules.ts';
import { OnBehalfNodes } from './engine/on-behalf.ts';
import { OptionProviders } from './engine/option-providers.ts';
import { ProvidedSystems } from './engine/provided-systems.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { AccountService } from './modules/account/service.ts';
import { authorityRoutes } from './modules/authority/routes.ts';
import { AuthorityService } from './modules/authority/service.ts';
import { definitionRoutes } from './modules/builder/definition-routes.ts';
import { DefinitionService } from './modules/builder/definition-service.ts';
import { registerBuilderExtras } from './modules/builder/register.ts';
import { builderRoutes } from './modules/builder/routes.ts';
import { BuilderService } from './modules/builder/service.ts';
import { catalogueRoutes } from './modules/catalogues/routes.ts';
import { CatalogueService } from './modules/catalogues/service.ts';
import { createFileService, registerFiles } from './modules/files/register.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { BUSINESS_MODULES, WIDGET_MODULES } from './modules/index.ts';
import { jobRoutes } from './modules/jobs/routes.ts';
import { JobAdminService } from './modules/jobs/service.ts';
import { registerNotify } from './modules/notify/register.ts';
import { reviewNotices } from './modules/notify/review-notices.ts';
import { TodoService } from './modules/notify/todo-service.ts';
import { userNotices } from './modules/notify/user-notices.ts';
import { platformInfoRoutes } from './modules/platform-info/routes.ts';
import { PLATFORM_INFO_DEFAULTS, PlatformInfoService } from './modules/platform-info/service.ts';
import { registerRecords } from './modules/records/register.ts';
import { sessionRoutes } from './modules/session/routes.ts';
import { SessionService } from './modules/session/service.ts';
import { shellRoutes } from './modules/shell/routes.ts';
import { ShellService } from './modules/shell/service.ts';
import { HttpSmsProvider, LocalSmsProvider, type SmsProvider } from './modules/sms/providers.ts';
import { smsRoutes } from './modules/sms/routes.ts';
import { SmsService } from './modules/sms/service.ts';
import { workflowRoutes } from './modules/workflow/routes.ts';
import { WorkflowService } from './modules/workflow/service.ts';
import { SERVER_PACKAGE_JSON } from './paths.ts';
import { accessPlugin } from './platform/access.ts';
import { CacheRegistry } from './platform/caches.ts';
import { envelopePlugin } from './platform/envelope.ts';
import { inputGuardPlugin } from './platform/input-guard.ts';
import { createInstanceBus } from './platform/instance-bus.ts';
import { type JobDefinition, Jobs } from './platform/jobs.ts';
import { closePdfReader, configurePdfReader, pdfLimitsOf } from './platform/pdf-reader.ts';
import { SealedFields } from './platform/sealed-fields.ts';
import { securityHeadersPlugin } from './platform/security-headers.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** In-process caches that GET /ks/cache/refresh empties; modules register theirs. */
    caches: CacheRegistry;
    /** Set when the process is shutting down: the readiness probe then answers 503. */
    lifecycle: { draining: boolean };
    /** Durable jobs: modules define them while the app is built; main.ts starts the workers. */
    jobs: Jobs;
    /** What the business modules registered (handlers, actions); the demo seed saves through them too. */
    engine: EngineRegistry;
  }
}

const SERVER_VERSION =
  (JSON.parse(readFileSync(SERVER_PACKAGE_JSON, 'utf8')) as { version?: string }).version ?? '0.0.0';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Replace the SMS provider (tests stand in for the gateway they do not own). */
  smsProvider?: SmsProvider;
  logger?: FastifyServerOptions['logger'];
  /** Job types beyond the modules' own (a test's probe jobs). */
  extraJobs?: JobDefinition[];
  /** The business modules (default: the platform's own, modules/index.ts). */
  modules?: readonly BusinessModule[];
}

/**
 * A malformed or overlong path (the router refuses it before any route or hook) still gets the
 * envelope instead of Fastify's own body.
 */
function answerBadUrl(_error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  reply
    .status(400)
    .header('x-content-type-options', 'nosniff')
    .send({ code: ERROR_CODES.BAD_REQUEST, data: null, message: `${ERROR_MESSAGES[400]}：请求地址无效` });
}

/** Builds the whole application without listening: main.ts listens, tests inject. */
export async function buildApp({
  config,
  database,
  smsProvider,
  logger,
  extraJobs = [],
  modules = BUSINESS_MODULES,
}: AppDeps) {
  const app = Fastify({
    logger: logger ?? { level: config.LOG_LEVEL },
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: 'x-request-id',
    // Only the configured proxies may name the client (X-Forwarded-For); by default nobody may.
    trustProxy: config.TRUST_PROXY.length > 0 ? config.TRUST_PROXY : false,
    frameworkErrors: answerBadUrl,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', database.db);
  // One listening connection per instance carries pushes, session ends and cache refreshes
  // (docs/architecture.md, "Scaling out"); it starts once every module has subscribed, at the end of the build.
  const bus = createInstanceBus(database, app.log);
  app.addHook('onClose', async () => bus.close());
  const caches = new CacheRegistry();
  caches.listen(bus);
  app.decorate('caches', caches);
  app.decorate('lifecycle', { draining: false });
  const jobs = new Jobs(database, app.log, {
    work: config.JOBS_WORK,
    pollSeconds: config.JOBS_POLL_SECONDS,
    staleSeconds: config.JOBS_STALE_SECONDS,
  });
  // The transactional outbox of lifecycle handlers and module actions: a job written in the action's transaction.
  const outbox: OutboxFactory = (tx) => ({
    enqueue: async (jobName, payload) => {
      await jobs.sendInTransaction(tx, jobName, payload as never);
    },
  });
  const recordEvents = new LifecycleEvents(outbox);
  // Module actions take the same outbox; every module registers before any route reads them.
  const moduleActions = new ModuleActions(outbox);
  const files = await createFileService(database.db, config);
  // The limits of the thread that reads bid documents' PDFs (decision 0071): one per process.
  configurePdfReader(pdfLimitsOf(config));
  const providedSystems = new ProvidedSystems();
  const optionProviders = new OptionProviders();
  const onBehalf = new OnBehalfNodes();
  const enqueue: ModuleHost['enqueue'] = (tx, jobName, payload) =>
    jobs.sendInTransaction(tx, jobName, payload as never);
  for (const module of modules) {
    module.register?.({
      events: recordEvents,
      actions: moduleActions,
      options: optionProviders,
      onBehalf,
      defineJob: (definition) => jobs.define(definition),
      systems: providedSystems,
      db: database.db,
      files,
      enqueue,
      userNotices,
    });
  }
  app.decorate('jobs', jobs);
  const engine: EngineRegistry = {
    events: recordEvents,
    actions: moduleActions,
    systems: providedSystems,
    options: optionProviders,
    onBehalf,
  };
  app.decorate('engine', engine);
  // Workers finish their running handler before the database closes (main.ts and tests close the app first).
  // The PDF-reading thread (bid documents' jobs) ends after them.
  app.addHook('onClose', async () => {
    await jobs.stop();
    await closePdfReader();
  });

  await app.register(securityHeadersPlugin, { supportChannelKey: config.SUPPORT_CHANNEL_KEY });
  if (config.API_DOCS) {
    await app.register(fastifySwagger, {
      openapi: {
        info: { title: 'KS Platform API', version: SERVER_VERSION },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
        security: [{ bearer: [] }],
      },
      transform: jsonSchemaTransform,
    });
    // staticCSP: the docs page sends its own policy (hashes of its inline scripts) over ours.
    await app.register(fastifySwaggerUi, { routePrefix: '/docs', staticCSP: true });
  }
  await app.register(envelopePlugin);
  await app.register(inputGuardPlugin);
  await app.register(fastifyRateLimit, { global: false });
  // Each upload route sets its own size limit when it reads the file.
  await app.register(fastifyMultipart, { limits: { files: 1, fields: 20 } });

  const db = database.db;
  const sealed = new SealedFields(db);
  const sessions = new SessionService(db, config, sealed);
  sessions.cache.listen(bus);
  caches.register('sessions', () => sessions.cache.clear());
  const provider =
    smsProvider ??
    (config.SMS_PROVIDER === 'http' && config.SMS_HTTP_URL
      ? new HttpSmsProvider(config.SMS_HTTP_URL, config.SMS_HTTP_TOKEN)
      : new LocalSmsProvider(db, app.log));
  const sms = new SmsService(db, config, provider);
  const platformInfo = new PlatformInfoService(db, SERVER_VERSION);
  const ratePerMinute = config.LOGIN_RATE_PER_MINUTE;

  await app.register(accessPlugin, { authenticate: (token) => sessions.authenticate(token) });
  await app.register(healthRoutes, { db, isDraining: () => app.lifecycle.draining });
  await app.register(sessionRoutes, { sessions, sealed, loginRatePerMinute: ratePerMinute });
  await app.register(smsRoutes, { sms, ratePerMinute });
  await app.register(accountRoutes, { accounts: new AccountService(db, config, sealed, sms), ratePerMinute });
  await registerFiles(app, { db, config, files, jobs });
  await registerNotify(app, { database, bus, files, heartbeatSeconds: config.PUSH_HEARTBEAT_SECONDS, jobs });
  const shell = new ShellService(db, files);
  await app.register(shellRoutes, { shell });
  await app.register(builderRoutes, { builder: new BuilderService(db) });
  const definitions = new DefinitionService(db, moduleActions);
  await app.register(definitionRoutes, { definitions });
  await registerBuilderExtras(app, { db, definitions });
  await registerRecords(app, { database, config, engine });
  const notices = reviewNotices(new TodoService(db));
  await app.register(workflowRoutes, { workflow: new WorkflowService(db, notices, recordEvents) });
  await app.register(catalogueRoutes, { catalogues: new CatalogueService(db, moduleActions) });
  await app.register(authorityRoutes, { authority: new AuthorityService(db, moduleActions) });
  await app.register(jobRoutes, { jobs: new JobAdminService(db, jobs) });
  await shell.ensureHeaderItems();
  await app.register(platformInfoRoutes, {
    platformInfo,
    deployConfig: {
      loginVariant: config.LOGIN_VARIANT,
      deploymentType: config.DEPLOYMENT_TYPE,
      supportChannelKey: config.SUPPORT_CHANNEL_KEY,
      bidHallUrl: config.BID_HALL_URL ?? '',
    },
  });
  await platformInfo.ensureDefaults(PLATFORM_INFO_DEFAULTS);
  const host: ModuleHost = {
    db,
    config,
    files,
    enqueue,
    userNotices,
    engine,
    reviewNotices: notices,
    authenticate: (token) => sessions.authenticate(token),
    sms,
    signIn: (userId, way, meta) => sessions.signInProven(userId, way, meta),
  };
  for (const module of [...WIDGET_MODULES, ...modules]) {
    await module.defaults?.(host);
    await module.routes?.(app, host);
  }

  for (const definition of extraJobs) jobs.define(definition);
  // Every module has defined its jobs by now: pg-boss's schema and one queue per type, no workers.
  await jobs.install();
  registerWebApp(app, config.WEB_DIST);
  await bus.start();
  return app;
}

/**
 * Serves the built web app. Files are looked up per request (a rebuild needs no restart); unknown
 * paths outside /ks, /docs and /assets get index.html (history-mode routing decides there); unknown
 * API paths and missing assets get the JSON 404.
 */
function registerWebApp(app: FastifyInstance, webDist: string) {
  const root = webDist ? resolve(webDist) : '';
  const hasWeb = root !== '' && existsSync(join(root, 'index.html'));
  if (hasWeb) {
    app.register(fastifyStatic, { root, wildcard: true, index: false });
    // The root is a directory to the static plugin (403); to the web app it is a page like any other.
    app.get('/', (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage = !/^\/(ks|docs|assets)(\/|$)/.test(request.url);
    if (isPage && hasWeb && request.method === 'GET') {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ code: ERROR_CODES.NOT_FOUND, data: null, message: ERROR_MESSAGES[404] });
  });
}
