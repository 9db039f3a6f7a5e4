import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type CostSink, parseCostXml } from './cost-parser.ts';
import type { ParsedItem, ParsedNode } from './cost-tree.ts';
import { writeKsCostXml, writeProvinceXml } from './cost-xml-writer.ts';
import { sampleModel } from './sample-model.ts';

const SAMPLES = join(import.meta.dirname, '../../../../../docs/cost-file/samples');
const sample = (name: string) => readFileSync(join(SAMPLES, name));

function collector() {
  const nodes: ParsedNode[] = [];
  const items: ParsedItem[] = [];
  const batches: number[] = [];
  const sink: CostSink = {
    nodes: async (rows) => {
      nodes.push(...rows);
    },
    items: async (rows) => {
      batches.push(rows.length);
      items.push(...rows);
    },
  };
  return { nodes, items, batches, sink };
}

/** The bytes in chunks of `size`, as a file read stream delivers them. */
async function* chunks(bytes: Buffer, size = 1024) {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

const parse = (bytes: Buffer | string, options = {}) => {
  const c = collector();
  return parseCostXml(chunks(Buffer.from(bytes)), c.sink, options).then((result) => ({ result, ...c }));
};
const failure = (bytes: Buffer | string, options = {}) =>
  parse(bytes, options).then(
    () => {
      throw new Error('parse succeeded');
    },
    (error: Error) => error,
  );

describe('ks-cost-xml-1', () => {
  it('reads the clean bid: layout, tax method, the tree with every money column, items in order', async () => {
    const { result, nodes, items } = await parse(sample('bid-clean.xml'));
    expect(result).toMatchObject({
      layout: 'ks-cost-xml-1',
      taxMethod: 'general',
      declaredKind: 'bid',
      nodeCount: 4,
      itemCount: items.length,
    });
    expect(result.sha256).toMatch(/^[0-9a-f]{64}$/);
    const project = nodes.find((n) => n.level === 'project') as ParsedNode;
    expect(project).toMatchObject({ path: '1', parentId: null, code: 'KS-ZJ-2026-018' });
    const units = nodes.filter((n) => n.level === 'unit');
    expect(units.map((u) => [u.path, u.zy])).toEqual([
      ['1.1.1', '建筑工程'],
      ['1.1.2', '安装工程'],
    ]);
    // The file's sums are consistent: the project's zzj is the sum of the units'.
    const sum = units.reduce((s, u) => s + Number(u.money.zzj) * 100, 0);
    expect(Math.round(sum)).toBe(Math.round(Number(project.money.zzj) * 100));
    expect(units[0]?.bases).toMatchObject({ 人工费: expect.any(String), 机械费: expect.any(String) });
    const first = items[0] as ParsedItem;
    expect(first).toMatchObject({ list: 'fbfx', code: '010101001001', name: '平整场地', unit: 'm2', seq: 1 });
    expect(first.features).toContain('三类土');
    expect(items.find((i) => i.category === 'safety')).toMatchObject({ list: 'csxm', rate: '12.5' });
    expect(items.filter((i) => i.unitNodeId === units[1]?.id).map((i) => i.seq)[0]).toBe(1);
  });

  it('reads a tender BOQ without prices and hands items over in batches', async () => {
    const { result, items, batches } = await parse(sample('tender-boq.xml'), { batchSize: 5 });
    expect(result.declaredKind).toBe('tender-boq');
    expect(items.find((i) => i.code === '010101001001')).toMatchObject({ unitPrice: null, total: '0' });
    expect(items.find((i) => i.category === 'provisional-sum')?.total).toBe('80000.00');
    expect(Math.max(...batches)).toBeLessThanOrEqual(5);
    expect(batches.length).toBeGreaterThan(3);
  });
});

describe('province-cn-1', () => {
  it('reads the same bid in the province layout (UTF-8 and GBK) into the same tree and items', async () => {
    const ks = await parse(sample('bid-clean.xml'));
    for (const name of ['province-bid-clean.xml', 'province-bid-clean-gbk.xml']) {
      const province = await parse(sample(name));
      expect(province.result).toMatchObject({
        layout: 'province-cn-1',
        taxMethod: 'general',
        declaredKind: 'bid',
      });
      const strip = (nodes: ParsedNode[]) => nodes.map(({ id, parentId, ...rest }) => rest);
      expect(strip(province.nodes)).toEqual(strip(ks.nodes));
      const plain = (items: ParsedItem[]) => items.map(({ unitNodeId, ...rest }) => rest);
      expect(plain(province.items)).toEqual(plain(ks.items));
    }
  });

  it('infers categories from Chinese names and accepts nested 分部 groups', async () => {
    const xml = [...writeProvinceXml(sampleModel({ kind: 'control-price' }))]
      .join('')
      .replace('<分部 编码="0104" 名称="砌筑工程">', '<分部 编码="0104" 名称="砌筑工程"><分部 名称="砖砌体">')
      .replace(/(<清单项 项目编码="010401005001"[\s\S]*?<\/清单项>)/, '$1</分部>');
    const { items } = await parse(xml);
    expect(items.find((i) => i.code === '010401005001')).toBeDefined();
    expect(items.find((i) => i.name === '暂列金额')?.category).toBe('provisional-sum');
    expect(items.find((i) => i.name === '安全文明施工费')?.category).toBe('safety');
  });
});

describe('layout recognition and layout rules', () => {
  it('names the root it does not recognise and the layouts it knows', async () => {
    const error = await failure('<?xml version="1.0"?><Budget><Line/></Budget>');
    expect(error.message).toContain('无法识别的造价文件格式：根元素为 <Budget>');
    expect(error.message).toContain('<CostFile>（ks-cost-xml-1');
    expect(error.message).toContain('<工程造价文件>（province-cn-1');
  });

  it('refuses an empty file and text that is not XML', async () => {
    expect((await failure('')).message).toBe('文件为空或不包含 XML 根元素');
    expect((await failure('造价文件')).message).toContain('XML 格式错误');
  });

  it('refuses a missing money column, a non-number, an element out of place and an unknown element', async () => {
    const xml = [...writeKsCostXml(sampleModel({ kind: 'bid' }))].join('');
    expect((await failure(xml.replace(/ csxmf="[^"]*"/, ''))).message).toMatch(
      /^第 \d+ 行：缺少建设项目“城东实验小学教学楼新建工程”的措施项目费（csxmf）$/,
    );
    expect((await failure(xml.replace('unitPrice="', 'unitPrice="12a'))).message).toContain(
      '清单项 010101001001 的综合单价“12a',
    );
    expect(
      (await failure(xml.replace('<BoqList type="fbfx">', '<BoqList type="fbfx"><BoqList type="csxm"/>')))
        .message,
    ).toContain('<BoqList> 不能出现在 <BoqList> 之中');
    expect((await failure(xml.replace('<Bases>', '<Bases><Foo/>'))).message).toContain(
      '<Foo> 不是 ks-cost-xml-1 格式的元素',
    );
    expect((await failure(xml.replace('taxMethod="general"', 'taxMethod="mixed"'))).message).toContain(
      'taxMethod 必须是 general',
    );
  });
});

describe('hostile and malformed files', () => {
  it('refuses a truncated file', async () => {
    const bytes = sample('bid-clean.xml');
    const error = await failure(bytes.subarray(0, Math.floor(bytes.length / 2)));
    expect(error.message).toMatch(/^文件不完整：XML 在 <\w+> 元素结束前中断/);
  });

  it('refuses bytes that are not valid in the declared encoding, and encodings it does not read', async () => {
    const gbk = sample('province-bid-clean-gbk.xml');
    const mislabelled = Buffer.from(
      gbk.toString('latin1').replace('encoding="GBK"', 'encoding="UTF-8"'),
      'latin1',
    );
    expect((await failure(mislabelled)).message).toBe(
      '文件编码错误：内容不是有效的 UTF-8 编码，请检查文件的实际编码与 XML 声明是否一致',
    );
    expect((await failure('<?xml version="1.0" encoding="ISO-8859-5"?><CostFile/>')).message).toBe(
      '不支持的文件编码“ISO-8859-5”，请将造价文件保存为 UTF-8 或 GBK 编码',
    );
    expect((await failure(Buffer.from('\ufeff<CostFile/>', 'utf16le'))).message).toContain('UTF-16');
  });

  it('refuses the billion laughs without expanding anything', async () => {
    const lol = [
      '<?xml version="1.0"?>',
      '<!DOCTYPE CostFile [',
      '<!ENTITY lol "lol">',
      ...Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`),
      ']>',
      '<CostFile kind="bid" taxMethod="general">&lol9;</CostFile>',
    ].join('\n');
    const before = process.memoryUsage().heapUsed;
    const error = await failure(lol);
    expect(error.message).toContain('文件包含 DOCTYPE 声明');
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(50 * 1024 * 1024);
  });

  it('refuses nesting ten levels deeper than the layout allows', async () => {
    const xml = [...writeKsCostXml(sampleModel({ kind: 'bid' }))]
      .join('')
      .replace('<Features>', `<Features>${'<Features>'.repeat(10)}x${'</Features>'.repeat(10)}`);
    expect((await failure(xml)).message).toMatch(
      /^第 \d+ 行：元素嵌套超过 7 层（ks-cost-xml-1 格式允许的最大层级）$/,
    );
  });

  it('fails fast with bounded memory on a 200 MB text node generated as a stream', async () => {
    let pulled = 0;
    async function* hostile() {
      yield Buffer.from('<?xml version="1.0" encoding="UTF-8"?>\n<CostFile kind="bid" taxMethod="general">');
      const block = Buffer.alloc(64 * 1024, 'A');
      for (let sent = 0; sent < 200 * 1024 * 1024; sent += block.length) {
        pulled += block.length;
        yield block;
      }
      yield Buffer.from('</CostFile>');
    }
    const started = Date.now();
    const before = process.memoryUsage().heapUsed;
    const error = await parseCostXml(hostile(), collector().sink).then(
      () => new Error('parse succeeded'),
      (e: Error) => e,
    );
    expect(error.message).toBe('第 2 行附近：单个文本节点或标记超过 1024 KB，文件不是有效的造价文件');
    expect(pulled).toBeLessThan(2 * 1024 * 1024);
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(30 * 1024 * 1024);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('refuses an overlong attribute the same way (one tag is one run without "<")', async () => {
    const xml = `<CostFile kind="bid" taxMethod="general"><Project name="${'长'.repeat(3000)}"/></CostFile>`;
    expect((await failure(xml, { maxTextChars: 2048 })).message).toContain('超过 2 KB');
  });
});

describe('the header origin (C20)', () => {
  const HONGYUAN = {
    software: '清单计价软件',
    softwareVersion: '2026.3',
    lockSerial: 'JS-4471-0832-19',
    machineCode: 'BFEBFBFF000906EA-7E21C9',
    macAddress: '3C-7C-3F-21-8A-10',
  };
  it('reads the program, lock serial and machine identifiers in both layouts', async () => {
    expect((await parse(sample('bid-clean.xml'))).result.origin).toEqual(HONGYUAN);
    expect((await parse(sample('province-bid-clean.xml'))).result.origin).toEqual(HONGYUAN);
    expect((await parse(sample('province-bid-clean-gbk.xml'))).result.origin).toEqual(HONGYUAN);
    expect((await parse(sample('bid-same-lock.xml'))).result.origin?.lockSerial).toBe(HONGYUAN.lockSerial);
  });
  it('leaves it out when the file has none, and skips empty attributes', async () => {
    expect((await parse(sample('control-price.xml'))).result.origin).toBeNull();
    const xml = [...writeKsCostXml(sampleModel({ kind: 'bid', origin: { lockSerial: ' A  1 ' } }))].join('');
    expect((await parse(xml.replace('<Origin ', '<Origin machineCode="" '))).result.origin).toEqual({
      lockSerial: 'A 1',
    });
  });
  it('refuses a second origin, one out of place and a value over 100 characters', async () => {
    const xml = [...writeKsCostXml(sampleModel({ kind: 'bid', origin: { lockSerial: 'L1' } }))].join('');
    expect((await failure(xml.replace('<Origin ', '<Origin lockSerial="L0"/><Origin '))).message).toContain(
      'Origin 只能出现一次',
    );
    expect((await failure(xml.replace('<Bases>', '<Bases><Origin/>'))).message).toContain(
      '<Origin> 不能出现在 <Bases> 之中',
    );
    expect(
      (await failure(xml.replace('lockSerial="L1"', `lockSerial="${'x'.repeat(101)}"`))).message,
    ).toContain('Origin的加密锁号超过 100 个字符');
    const province = [
      ...writeProvinceXml(sampleModel({ kind: 'bid', origin: { machineCode: `${'机'.repeat(101)}` } })),
    ].join('');
    expect((await failure(province)).message).toContain('编制信息的机器码超过 100 个字符');
  });
});
