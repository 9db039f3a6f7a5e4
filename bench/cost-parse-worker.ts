/**
 * One measured run of the cost-parse benchmark, in its own process so its peak memory is its own
 * (cost-parse.ts runs it under /usr/bin/time). Prints one JSON line.
 *
 *   parse <file>  the streaming parser alone (saxes + adapter), rows counted and dropped
 *   store <file>  the module's whole parse into cost_nodes / cost_items on an in-memory PGlite,
 *                 as the parse job runs it (batches under a hidden generation, decision 0067)
 */
import { createReadStream, statSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { costFiles, costProjects, storedFiles, users } from '../apps/server/src/db/schema/index.ts';
import { parseCostXml } from '../apps/server/src/modules/file-analysis/cost-parser.ts';
import { CostFileService } from '../apps/server/src/modules/file-analysis/service.ts';
import { FileService } from '../apps/server/src/platform/file-store.ts';
import { LocalDiskStorage } from '../apps/server/src/platform/storage.ts';

const [mode, file] = process.argv.slice(2);
if (!file || (mode !== 'parse' && mode !== 'store'))
  throw new Error('usage: cost-parse-worker.ts parse|store <file>');
const peakMiB = () => process.resourceUsage().maxRSS / 1024;

if (mode === 'parse') {
  const baselineMiB = peakMiB();
  let items = 0;
  let nodes = 0;
  const started = performance.now();
  const result = await parseCostXml(createReadStream(file, { highWaterMark: 64 * 1024 }), {
    nodes: async (rows) => {
      nodes += rows.length;
    },
    items: async (rows) => {
      items += rows.length;
    },
  });
  const seconds = (performance.now() - started) / 1000;
  console.log(
    JSON.stringify({ mode, seconds, items, nodes, layout: result.layout, baselineMiB, peakMiB: peakMiB() }),
  );
} else {
  const database = await openDatabase({ dataDir: null });
  await database.migrate();
  const db = database.db;
  const baselineMiB = peakMiB();
  const [user] = await db
    .insert(users)
    .values({
      userCode: 'BENCH',
      account: 'bench',
      phone: '13900000000',
      userName: '基准',
      loginRoleType: 'M',
      passwordHash: 'x',
    })
    .returning();
  const [stored] = await db
    .insert(storedFiles)
    .values({
      storageKey: basename(file),
      fileName: 'cost-200k.xml',
      mimeType: 'application/xml',
      size: statSync(file).size,
      md5: '0',
      ownerUserId: user?.id,
    })
    .returning();
  const [project] = await db
    .insert(costProjects)
    .values({ code: 'BENCH', name: '基准测试项目', region: '330000', createdBy: user?.id ?? '' })
    .returning();
  const [row] = await db
    .insert(costFiles)
    .values({
      projectId: project?.id ?? '',
      kind: 'bid',
      bidderName: '基准',
      fileId: stored?.id ?? '',
      uploadedBy: user?.id ?? '',
    })
    .returning();
  const service = new CostFileService(
    db,
    new FileService(db, new LocalDiskStorage(dirname(file))),
    async () => {},
  );
  const started = performance.now();
  await service.parse(row?.id ?? '');
  const seconds = (performance.now() - started) / 1000;
  const [after] = await db
    .select()
    .from(costFiles)
    .where(eq(costFiles.id, row?.id ?? ''));
  if (after?.parseState !== 'parsed') throw new Error(`parse failed: ${after?.parseError}`);
  console.log(JSON.stringify({ mode, seconds, items: after.itemCount, baselineMiB, peakMiB: peakMiB() }));
  await database.close();
}
