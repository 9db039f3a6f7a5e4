/**
 * Generates a large cost file in the platform's layout (ks-cost-xml-1) for the parse benchmark:
 * `ITEMS` 分部分项 items (default 200,000, about 50 MB) spread over unit projects of 5,000 items,
 * five unit projects per single project, each unit with its fee items, every sum consistent
 * (the module's own writer computes them). Deterministic: the same count gives the same bytes.
 *
 *   node --import tsx bench/cost-file-generate.ts [out.xml] [items]
 */

import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import type {
  ModelFile,
  ModelItem,
  ModelUnit,
} from '../apps/server/src/modules/file-analysis/cost-xml-writer.ts';
import { writeKsCostXml } from '../apps/server/src/modules/file-analysis/cost-xml-writer.ts';

const PER_UNIT = 5000;
const UNITS_PER_SINGLE = 5;
const NAMES = [
  '挖基坑土方',
  '回填方',
  '砖基础',
  '空心砖墙',
  '独立基础',
  '矩形柱',
  '有梁板',
  '现浇构件钢筋',
  '块料楼地面',
  '墙面一般抹灰',
];
const UNITS = ['m3', 'm3', 'm3', 'm3', 'm3', 'm3', 'm3', 't', 'm2', 'm2'];

/** A small deterministic generator (mulberry32): the same file every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function unit(index: number, count: number): ModelUnit {
  const next = random(index + 1);
  const items: ModelItem[] = [];
  for (let i = 0; i < count; i++) {
    const kind = i % NAMES.length;
    items.push({
      list: 'fbfx',
      code: `0101${String(1 + (i % 17)).padStart(2, '0')}${String(1 + (Math.floor(i / 17) % 999)).padStart(3, '0')}${String(1 + (i % 999)).padStart(3, '0')}`,
      name: NAMES[kind] as string,
      features: `1.部位：第${1 + (i % 30)}层\n2.材料：C30 商品混凝土，HRB400 钢筋\n3.其他：详见设计图纸及相关规范`,
      unit: UNITS[kind] as string,
      quantity: (1 + next() * 500).toFixed(2),
      unitPrice: (20 + next() * 800).toFixed(2),
    });
  }
  items.push(
    {
      list: 'csxm',
      code: '011707001001',
      name: '安全文明施工费',
      base: '人工费+机械费',
      rate: '12.5',
      total: '86000.00',
      category: 'safety',
    },
    {
      list: 'qtxm',
      code: '1',
      name: '暂列金额',
      unit: '项',
      total: '100000.00',
      category: 'provisional-sum',
    },
    { list: 'gf', code: '1', name: '社会保险费', base: '人工费', rate: '18.5', total: '52000.00' },
    { list: 'sj', code: '1', name: '增值税销项税额', base: '税前工程造价', rate: '9', total: '180000.00' },
  );
  return {
    code: `U${String(index + 1).padStart(4, '0')}`,
    name: `第${index + 1}标段建筑工程`,
    zy: '建筑工程',
    items,
  };
}

export function benchModel(itemCount: number): ModelFile {
  const unitCount = Math.ceil(itemCount / PER_UNIT);
  const singles: ModelFile['singles'] = [];
  for (let u = 0; u < unitCount; u++) {
    const s = Math.floor(u / UNITS_PER_SINGLE);
    singles[s] ??= { code: String(s + 1).padStart(2, '0'), name: `第${s + 1}单项工程`, units: [] };
    singles[s].units.push(unit(u, Math.min(PER_UNIT, itemCount - u * PER_UNIT)));
  }
  return {
    kind: 'bid',
    taxMethod: 'general',
    project: { code: 'BENCH-200K', name: '基准测试项目' },
    singles,
  };
}

/** Writes the file with backpressure; answers its size in bytes. */
export async function generateCostFile(path: string, itemCount: number): Promise<number> {
  const out = createWriteStream(path);
  let batch = '';
  for (const text of writeKsCostXml(benchModel(itemCount))) {
    batch += text;
    if (batch.length >= 64 * 1024) {
      if (!out.write(batch)) await once(out, 'drain');
      batch = '';
    }
  }
  out.end(batch);
  await once(out, 'finish');
  return out.bytesWritten;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const path = process.argv[2] ?? 'cost-200k.xml';
  const items = Number(process.argv[3] ?? 200_000);
  const bytes = await generateCostFile(path, items);
  console.log(`${path}: ${items} items, ${(bytes / 1024 / 1024).toFixed(1)} MiB`);
}
