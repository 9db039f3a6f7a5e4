import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { and, count, eq, ne } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper.ts';
import { costFiles, costItems, costNodes, costProjects } from '../../db/schema/file-analysis.ts';
import { storedFiles } from '../../db/schema/files.ts';
import type { SessionUser } from '../../platform/access.ts';
import { FileService } from '../../platform/file-store.ts';
import { LocalDiskStorage } from '../../platform/storage.ts';
import { type ModelItem, writeKsCostXml } from './cost-xml-writer.ts';
import { itemSums } from './item-repository.ts';
import { CostFileService } from './service.ts';
import { treeNodes } from './tree-repository.ts';

/**
 * A parse writes its rows under a hidden generation in short statements and publishes it in one:
 * these tests stop a parse halfway (its file's bytes wait on a gate) and look at what readers see.
 */

const getApp = useTestApp();
const dir = mkdtempSync(join(tmpdir(), 'ks-parse-generations-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const admin: SessionUser = {
  id: randomUUID(),
  userCode: 'ADMIN',
  userName: '管理员',
  loginRoleType: 'M',
  enterpriseId: null,
  sessionId: randomUUID(),
};

/** A bid of `units` unit projects of `perUnit` 分部分项 items each (thousands of rows: many batches). */
function costFile(units: number, perUnit: number): Buffer {
  const unit = (u: number) => ({
    code: `U${u + 1}`,
    name: `第${u + 1}标段建筑工程`,
    zy: '建筑工程',
    items: Array.from(
      { length: perUnit },
      (_, i): ModelItem => ({
        list: 'fbfx',
        code: `0101${String(u).padStart(2, '0')}${String(i).padStart(6, '0')}`,
        name: '挖基坑土方',
        features: '1.部位：基础\n2.材料：C30 商品混凝土',
        unit: 'm3',
        quantity: (1 + (i % 50)).toFixed(2),
        unitPrice: (20 + (i % 80)).toFixed(2),
      }),
    ),
  });
  return Buffer.from(
    [
      ...writeKsCostXml({
        kind: 'bid',
        taxMethod: 'general',
        project: { code: 'GEN-1', name: '分代解析项目' },
        singles: [
          { code: '01', name: '第1单项工程', units: Array.from({ length: units }, (_, u) => unit(u)) },
        ],
      }),
    ].join(''),
  );
}

/**
 * The local disk, except that a read can be held halfway: the first half of the bytes goes to the
 * parser, then the stream waits for `release()` (or fails with `fail(error)`).
 */
class GatedStorage extends LocalDiskStorage {
  private gate: { promise: Promise<void>; release: () => void; fail: (error: Error) => void } | null = null;

  /** The next read stops halfway until released or failed. */
  hold() {
    let release = () => {};
    let fail: (error: Error) => void = () => {};
    const promise = new Promise<void>((resolve, reject) => {
      release = resolve;
      fail = reject;
    });
    // Failed before the reader reaches it, the rejection still waits for the reader's await.
    promise.catch(() => {});
    this.gate = { promise, release, fail };
    return { release, fail };
  }

  override async get(key: string): Promise<Readable> {
    const bytes = await Readable.from(await super.get(key)).toArray();
    const whole = Buffer.concat(bytes as Buffer[]);
    const gate = this.gate;
    this.gate = null;
    const chunk = 16 * 1024;
    return Readable.from(
      (async function* () {
        for (let at = 0; at < whole.length; at += chunk) {
          if (gate && at >= whole.length / 2 && at - chunk < whole.length / 2) await gate.promise;
          yield whole.subarray(at, at + chunk);
        }
      })(),
    );
  }
}

const storage = new GatedStorage(dir);

async function setUp() {
  const db = getApp().db;
  const files = new FileService(db, storage);
  const service = new CostFileService(db, files, async () => {});
  const storageKey = `${randomUUID()}.xml`;
  const [stored] = await db
    .insert(storedFiles)
    .values({ storageKey, fileName: '投标报价.xml', mimeType: 'application/xml', size: 0, md5: '0' })
    .returning();
  const [project] = await db
    .insert(costProjects)
    .values({ code: randomUUID(), name: '分代解析项目', region: '330000', createdBy: admin.id })
    .returning();
  const [file] = await db
    .insert(costFiles)
    .values({
      projectId: project?.id ?? '',
      kind: 'bid',
      bidderName: '甲',
      fileId: stored?.id ?? '',
      uploadedBy: admin.id,
    })
    .returning();
  const id = file?.id ?? '';
  /** The file's bytes from now on. */
  const write = (bytes: Buffer) => writeFileSync(join(dir, storageKey), bytes);
  /** Rows of the file in the tables, visible or not. */
  const rows = async () => {
    const [items] = await db.select({ n: count() }).from(costItems).where(eq(costItems.fileId, id));
    const [nodes] = await db.select({ n: count() }).from(costNodes).where(eq(costNodes.fileId, id));
    return { items: items?.n ?? 0, nodes: nodes?.n ?? 0 };
  };
  /** Rows of the file outside its visible generation. */
  const hiddenRows = async () => {
    const [file] = await db.select().from(costFiles).where(eq(costFiles.id, id));
    const generation = file?.treeGeneration ?? 0;
    const [items] = await db
      .select({ n: count() })
      .from(costItems)
      .where(and(eq(costItems.fileId, id), ne(costItems.generation, generation)));
    const [nodes] = await db
      .select({ n: count() })
      .from(costNodes)
      .where(and(eq(costNodes.fileId, id), ne(costNodes.generation, generation)));
    return (items?.n ?? 0) + (nodes?.n ?? 0);
  };
  /** What every reader of the tree answers. */
  const seen = async () => {
    const analysis = await service.analysis(admin, id);
    const nodes = await treeNodes(db, id);
    const unitItems = new Map<string, number>();
    for (const sum of await itemSums(db, id)) {
      unitItems.set(sum.unit, (unitItems.get(sum.unit) ?? 0) + sum.count);
    }
    const tree = await service.parseData(admin, {
      id,
      gnCoding: 'fileAnalysis',
      systemCoding: 'fileAnalysis',
      curPage: 1,
      pageSize: 100,
    });
    return {
      analysis: { ...analysis, parsedAt: null },
      nodeIds: nodes.map((n) => n.id),
      unitItems: [...unitItems.values()],
      treeTotal: tree.total,
    };
  };
  return { db, service, id, write, rows, hiddenRows, seen };
}

const OLD = costFile(2, 1500);
const NEW = costFile(3, 1200);

describe('a parse under generations', () => {
  it('keeps the previous tree visible until the new one is whole, then deletes it', async () => {
    const { service, id, write, rows, hiddenRows, seen } = await setUp();
    write(OLD);
    await service.parse(id);
    const old = await seen();
    expect(old.analysis).toMatchObject({ parseState: 'parsed', itemCount: 3000, nodeCount: 4 });
    expect(old.unitItems.sort()).toEqual([1500, 1500]);

    write(NEW);
    const gate = storage.hold();
    const parsing = service.parse(id);
    // Halfway: the new generation's first batches are committed, and no reader sees them.
    await expect.poll(hiddenRows, { timeout: 30_000 }).toBeGreaterThan(500);
    expect(await seen()).toEqual(old);

    gate.release();
    await parsing;
    const now = await seen();
    expect(now.analysis).toMatchObject({ parseState: 'parsed', itemCount: 3600, nodeCount: 5 });
    expect(now.unitItems.sort()).toEqual([1200, 1200, 1200]);
    expect(now.nodeIds.filter((node) => old.nodeIds.includes(node))).toEqual([]);
    // The old generation went: the tables hold the new tree only (3 units, 1 single, 1 project).
    expect(await hiddenRows()).toBe(0);
    expect(await rows()).toEqual({ items: 3600, nodes: 5 });
  });

  it('leaves the previous tree whole when a parse fails halfway, and the retry leaves no orphans', async () => {
    const { service, id, write, rows, hiddenRows, seen } = await setUp();
    write(OLD);
    await service.parse(id);
    const old = await seen();

    write(NEW);
    const gate = storage.hold();
    const parsing = service.parse(id);
    await expect.poll(hiddenRows, { timeout: 30_000 }).toBeGreaterThan(500);
    // Not the file's fault (the storage went away): the job retries, nothing is published.
    gate.fail(new Error('storage connection lost'));
    await expect(parsing).rejects.toThrow('storage connection lost');
    expect(await seen()).toEqual(old);
    expect(await hiddenRows()).toBeGreaterThan(500);

    await service.parse(id);
    expect((await seen()).analysis).toMatchObject({ parseState: 'parsed', itemCount: 3600 });
    expect(await hiddenRows()).toBe(0);
    expect(await rows()).toEqual({ items: 3600, nodes: 5 });
  });

  it('publishes the newer of two overlapping parses and drops the other one’s rows', async () => {
    const { db, service, id, write, rows, hiddenRows, seen } = await setUp();
    write(OLD);
    const gate = storage.hold();
    const older = service.parse(id);
    await expect.poll(hiddenRows, { timeout: 30_000 }).toBeGreaterThan(500);

    // A re-parse requested meanwhile (the file was replaced) runs to its end first.
    write(NEW);
    await service.parse(id);
    const newer = await seen();
    expect(newer.analysis).toMatchObject({ parseState: 'parsed', itemCount: 3600 });
    const [published] = await db.select().from(costFiles).where(eq(costFiles.id, id));

    gate.release();
    await older;
    // The older parse finished last but was superseded: the newer tree stays, alone.
    expect(await seen()).toEqual(newer);
    const [after] = await db.select().from(costFiles).where(eq(costFiles.id, id));
    expect(after?.treeGeneration).toBe(published?.treeGeneration);
    expect(await hiddenRows()).toBe(0);
    expect(await rows()).toEqual({ items: 3600, nodes: 5 });
  });

  it('publishes a refusal with an empty tree and deletes the previous one', async () => {
    const { service, id, write, rows, seen } = await setUp();
    write(OLD);
    await service.parse(id);
    // Truncated after its first batches: refused once the parser reaches the end.
    write(NEW.subarray(0, Math.floor(NEW.length * 0.8)));
    await service.parse(id);
    const now = await seen();
    expect(now.analysis).toMatchObject({ parseState: 'failed', itemCount: 0, nodeCount: 0, totals: null });
    expect(now.nodeIds).toEqual([]);
    expect(now.treeTotal).toBe(0);
    expect(await rows()).toEqual({ items: 0, nodes: 0 });
  });
});
