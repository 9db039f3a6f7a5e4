import { fileURLToPath } from 'node:url';

/**
 * Files the server finds by its own location. This module sits directly under src/, as the bundle's
 * files sit directly under dist/ (`npm run build`), so the same relative paths hold for both.
 */
const besideServer = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export const SERVER_PACKAGE_JSON = besideServer('../package.json');
export const MIGRATIONS_FOLDER = besideServer('../drizzle');
export const DEFAULT_DATA_DIR = besideServer('../../../data');
export const DEFAULT_WEB_DIST = besideServer('../../web/dist');
/** Demo seed files; read from the sources, which sit beside dist/ in every install. */
export const DEMO_ASSETS_DIR = besideServer('../src/modules/demo-systems/assets');
/**
 * The worker thread that reads imported sheets: TypeScript beside this file under the sources, the
 * build's own entry point beside the bundle under dist/.
 */
export const SHEET_WORKER = besideServer(
  import.meta.url.endsWith('.ts') ? './sheet-worker.ts' : './sheet-worker.js',
);
/** The worker thread that reads PDFs' text (bid documents), found as SHEET_WORKER is. */
export const PDF_WORKER = besideServer(
  import.meta.url.endsWith('.ts') ? './pdf-worker.ts' : './pdf-worker.js',
);
