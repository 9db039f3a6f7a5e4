import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { cruise, type IForbiddenRuleType } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

/**
 * The module boundaries the lint enforces (.dependency-cruiser.cjs), run on a fixture tree that
 * has the repository's layout: one file per thing a module may or may not import, so a rule that
 * stops matching (a renamed folder, a loosened pattern) fails here rather than letting every
 * module through.
 */

const ROOT = resolve(import.meta.dirname, '../../..');
const FIXTURE = resolve(import.meta.dirname, '../test/lint-fixture');
const config = createRequire(import.meta.url)(join(ROOT, '.dependency-cruiser.cjs')) as {
  forbidden: IForbiddenRuleType[];
};

describe('the lint of module boundaries', () => {
  it('refuses another module’s internals and tables, the schema index and SQL outside repositories', async () => {
    const { output } = await cruise(['apps/server/src'], {
      baseDir: FIXTURE,
      ruleSet: { forbidden: config.forbidden },
      validate: true,
      tsPreCompilationDeps: true,
      enhancedResolveOptions: { extensions: ['.ts'] },
    });
    if (typeof output === 'string') throw new Error('expected the cruise result, not a report');
    // drizzle-orm resolves into the repository's node_modules, however far above the fixture.
    const violations = output.summary.violations
      .map((v) => `${v.rule.name}: ${v.from} → ${v.to.replace(/^.*node_modules\//, 'node_modules/')}`)
      .sort();
    expect(violations).toEqual([
      'module-imports-no-other-module: apps/server/src/modules/credit/reads-market-internals.ts → apps/server/src/modules/market/service.ts',
      'module-imports-tables-by-file: apps/server/src/modules/credit/schema-index-repository.ts → apps/server/src/db/schema/index.ts',
      'module-sql-in-repositories: apps/server/src/modules/credit/queries-in-service.ts → node_modules/drizzle-orm/index.cjs',
      'module-sql-in-repositories: apps/server/src/modules/credit/row-type-in-service.ts → apps/server/src/db/schema/credit.ts',
      'module-tables-are-its-own (market): apps/server/src/modules/credit/market-tables-repository.ts → apps/server/src/db/schema/market.ts',
    ]);
  });
});
