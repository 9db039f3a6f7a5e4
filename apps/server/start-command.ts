import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * How `npm run serve` starts the production server (this package's `start` script): for harnesses
 * that start it themselves (end-to-end tests, benchmarks) without npm in between, whose process
 * would hide the server's own memory and signals. Reading the script keeps the flags in one place.
 */
export function serverStartCommand(): { cwd: string; args: string[] } {
  const cwd = dirname(fileURLToPath(import.meta.url));
  const { scripts } = JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const [program, ...args] = (scripts.start ?? '').split(/\s+/);
  if (program !== 'node') throw new Error(`apps/server's start script must run node, not "${program}"`);
  const entry = args.at(-1) ?? '';
  try {
    readFileSync(join(cwd, entry));
  } catch {
    throw new Error(`apps/server/${entry} is missing: run \`npm run build\` first`);
  }
  return { cwd, args };
}
