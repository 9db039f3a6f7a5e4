/**
 * The direction of dependencies (decisions 0015 and 0064), checked by `npm run lint`:
 * - server: a feature module (apps/server/src/modules/<area>/) imports the engine core (engine/),
 *   platform/, db/, the contract and its own folder; of another module only its `public.ts` (the
 *   module's typed port), never its internals. A business module's tables (BUSINESS_TABLES) are
 *   its own: no other module imports them, and modules import each table from its own schema file
 *   (not the schema index), so the lint sees whose table it is. Inside a business module
 *   (BUSINESS_MODULE_FOLDERS) only repository files touch the database (decision 0070). The engine
 *   and platform/ import no module at all.
 * - web: a feature (apps/web/src/features/<area>/) imports lib/, components/, shared/, the contract
 *   and its own folder, never another feature.
 * Exceptions are listed below, each with its reason; composition roots (app.ts, seed.ts, the demo
 * systems seed, the web app/ folder) wire modules together and are not checked.
 */
const MODULE_EXCEPTIONS = [
  // The demo systems are seed data built through the builder's, records' and workflow's own
  // services, like seed.ts: a composition root.
  {
    from: 'demo-systems',
    to: [
      'authority',
      'builder',
      'catalogues',
      'bid-detection',
      'cost-checks',
      'credit',
      'file-analysis',
      'files',
      'help',
      'market',
      'notify',
      'platform-info',
      'record-changes',
      'records',
      'workflow',
    ],
  },
];

/**
 * The folders of the business modules (apps/server/src/modules/index.ts registers them) and of
 * `example`, the module a new one is copied from. cost-checks and bid-detection are still inside
 * file-analysis/ until that module is split; the rule matches their own folders once they exist.
 */
const BUSINESS_MODULE_FOLDERS = [
  'credit',
  'market',
  'record-changes',
  'file-analysis',
  'cost-checks',
  'bid-detection',
  'calendar',
  'example',
  'trading',
  'venues',
  'trade-notices',
  'tender-files',
  'clarifications',
];

/** The schema files of the business modules' own tables, by the module that owns them. */
const BUSINESS_TABLES = [
  { owner: 'credit', files: ['credit'] },
  { owner: 'market', files: ['market'] },
  { owner: 'file-analysis', files: ['file-analysis'] },
  { owner: 'cost-checks', files: ['cost-checks'] },
  { owner: 'bid-detection', files: ['bid-detection'] },
  { owner: 'record-changes', files: ['record-changes'] },
  { owner: 'calendar', files: ['calendar'] },
  { owner: 'trading', files: ['trading'] },
  { owner: 'venues', files: ['venues'] },
  { owner: 'trade-notices', files: ['trade-notices'] },
  { owner: 'tender-files', files: ['tender-files'] },
  { owner: 'clarifications', files: ['clarifications'] },
  { owner: 'logins', files: ['logins'] },
];

const SERVER = '^apps/server/src/';
const FIVE_IN_ONE_DETAIL = '^apps/web/src/features/trading/pages/five-in-one-detail-page\\.tsx$';
const moduleFolder = (area) => `${SERVER}modules/${area}/`;
const excepted = MODULE_EXCEPTIONS.map((exception) => moduleFolder(exception.from));

module.exports = {
  forbidden: [
    {
      name: 'engine-imports-no-module',
      comment: 'The engine core serves every module and depends on none of them.',
      severity: 'error',
      from: { path: `${SERVER}engine/` },
      to: { path: `${SERVER}modules/` },
    },
    {
      name: 'platform-imports-no-module-or-engine',
      comment:
        'platform/ is below the engine and the modules (its tests excepted: the hostile-input test drives every route of the built app).',
      severity: 'error',
      from: { path: `${SERVER}platform/`, pathNot: '\\.test\\.ts$' },
      to: { path: [`${SERVER}modules/`, `${SERVER}engine/`] },
    },
    {
      name: 'module-imports-no-other-module',
      comment: 'A feature module depends on the engine core and platform/, not on another module.',
      severity: 'error',
      from: { path: `${SERVER}modules/([^/]+)/`, pathNot: excepted },
      to: {
        path: `${SERVER}modules/`,
        pathNot: [
          `${SERVER}modules/$1/`,
          `${SERVER}modules/[^/]+/public\\.ts$`,
          `${SERVER}modules/index\\.ts$`,
        ],
      },
    },
    {
      name: 'only-tests-import-the-module-list',
      comment: 'The list of modules is for app.ts and the demo seed; a test may build the app from it.',
      severity: 'error',
      from: { path: `${SERVER}modules/`, pathNot: '\\.test\\.ts$' },
      to: { path: `${SERVER}modules/index\\.ts$` },
    },
    {
      name: 'module-sql-in-repositories',
      comment:
        'In a business module only repository files (repository.ts, *-repository.ts) and tests import drizzle-orm or the table definitions; services, routes, engine handlers, jobs and demo seeds call named repository functions (decision 0070). Type-only imports count too: a repository exports the row types its callers need.',
      severity: 'error',
      from: {
        path: `${SERVER}modules/(${BUSINESS_MODULE_FOLDERS.join('|')})/`,
        pathNot: ['[/-]repository\\.ts$', '\\.test\\.ts$'],
      },
      // drizzle-orm resolves into node_modules (kept in the graph by `exclude` below); were it
      // ever unresolvable, the dependency keeps its bare name, which the second pattern catches.
      to: { path: ['node_modules/drizzle-orm/', '^drizzle-orm(/|$)', `${SERVER}db/schema/`] },
    },
    {
      name: 'module-imports-tables-by-file',
      comment:
        "A module imports each table from its own schema file, so the lint can tell another module's tables from the platform's.",
      severity: 'error',
      from: { path: `${SERVER}modules/` },
      to: { path: `${SERVER}db/schema/index\\.ts$` },
    },
    ...BUSINESS_TABLES.map(({ owner, files }) => ({
      name: `module-tables-are-its-own (${owner})`,
      comment: `The tables of ${owner} are read and written by ${owner} only; other modules read through its public.ts.`,
      severity: 'error',
      from: { path: `${SERVER}modules/`, pathNot: [moduleFolder(owner), ...excepted] },
      to: { path: files.map((file) => `${SERVER}db/schema/${file}\\.ts$`) },
    })),
    ...MODULE_EXCEPTIONS.map((exception) => ({
      name: `module-imports-no-other-module (${exception.from})`,
      comment: `${exception.from} may import only ${exception.to.join(', ')} besides itself.`,
      severity: 'error',
      from: { path: moduleFolder(exception.from) },
      to: {
        path: `${SERVER}modules/`,
        pathNot: [moduleFolder(exception.from), ...exception.to.map(moduleFolder)],
      },
    })),
    {
      name: 'feature-imports-no-other-feature',
      comment: 'A web feature reaches another only through lib/, components/ or shared/.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/', pathNot: FIVE_IN_ONE_DETAIL },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      // The five-in-one page gathers a project's tabs from the modules that own them: its
      // 资格预审公告 tab is the trade-notices feature's component (decision 0076), its 资格预审文件
      // tab tender-files' (0077), and nothing else.
      name: 'five-in-one-imports-only-tab-components',
      comment: "The five-in-one detail page may show the tab features' components, no other feature's.",
      severity: 'error',
      from: { path: FIVE_IN_ONE_DETAIL },
      to: {
        path: '^apps/web/src/features/',
        pathNot: [
          '^apps/web/src/features/trading/',
          '^apps/web/src/features/trade-notices/components/',
          '^apps/web/src/features/tender-files/components/',
        ],
      },
    },
    {
      name: 'shared-imports-no-feature',
      comment: 'The shared web folders sit below the features.',
      severity: 'error',
      from: { path: '^apps/web/src/(lib|components|shared)/' },
      to: { path: '^apps/web/src/features/' },
    },
    {
      name: 'no-circular',
      comment: 'A cycle between files makes load order matter and hides a missing seam.',
      severity: 'error',
      from: { path: '^apps/(server|web)/src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // node_modules stay out of the graph, but for drizzle-orm: module-sql-in-repositories sees it.
    exclude: { path: ['node_modules/(?!drizzle-orm/)', '/dist/'] },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    // The web's '@/' alias; the server has none, so one tsconfig serves both.
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
  },
};
