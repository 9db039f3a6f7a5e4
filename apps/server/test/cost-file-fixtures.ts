import { randomUUID } from 'node:crypto';
import type { Db } from '../src/db/client.ts';
import { costFiles, costItems, costNodes, costProjects } from '../src/db/schema/file-analysis.ts';

/**
 * Parsed cost files written straight into the tables the parser fills (file-analysis.ts), for the
 * check's tests and the demo: one project, one single project, one 建筑工程 unit whose amounts are
 * consistent under the default rules (see checks/check-fixtures.ts for the arithmetic).
 */
export type ItemSeed = {
  list: 'fbfx' | 'csxm' | 'qtxm' | 'gf' | 'sj';
  category?: string | null;
  code: string;
  name: string;
  unit?: string | null;
  quantity?: string | null;
  unitPrice?: string | null;
  total: string;
  rate?: string | null;
  base?: string | null;
};

export function cleanItems(): ItemSeed[] {
  const fbfx: ItemSeed[] = Array.from({ length: 10 }, (_, i) => ({
    list: 'fbfx',
    code: `0101010010${String(i + 1).padStart(2, '0')}`,
    name: `分部分项项目${i + 1}`,
    unit: 'm3',
    quantity: '100.0000',
    unitPrice: '1000.00',
    total: '100000.00',
  }));
  return [
    ...fbfx,
    {
      list: 'csxm',
      category: 'safety',
      code: '011707001001',
      name: '安全文明施工费',
      total: '3600.00',
      rate: '3',
      base: '人工费+机械费',
    },
    {
      list: 'csxm',
      category: 'enterprise-safety',
      code: '011707008001',
      name: '企业安全生产费',
      total: '40000.00',
    },
    {
      list: 'csxm',
      code: '011702001001',
      name: '模板',
      unit: 'm2',
      quantity: '64.0000',
      unitPrice: '100.00',
      total: '6400.00',
    },
    { list: 'qtxm', category: 'provisional-sum', code: 'ZLJE', name: '暂列金额', total: '120000.00' },
    { list: 'gf', code: 'GF', name: '规费', total: '25000.00', rate: '25', base: '人工费' },
    { list: 'sj', code: 'SJ', name: '税金', total: '120456.00' },
  ];
}

const MONEY = {
  zzj: '1315456.00',
  fbfxf: '1000000.00',
  csxmf: '50000.00',
  aqwmsgf: '3600.00',
  qtxmf: '120000.00',
  gf: '25000.00',
  sj: '120456.00',
  zzsxxse: '107550.00',
};

export async function insertProject(
  db: Db,
  values: { name: string; createdBy: string; region?: string; approvedEstimate?: string | null },
) {
  const [project] = await db
    .insert(costProjects)
    .values({
      code: `XM-${randomUUID().slice(0, 8)}`,
      name: values.name,
      region: values.region ?? '110000',
      approvedEstimate: values.approvedEstimate ?? null,
      createdBy: values.createdBy,
    })
    .returning();
  if (!project) throw new Error('project not inserted');
  return project;
}

/** One parsed file of a project, with its tree and items; `money` overrides the unit's amounts. */
export async function insertParsedFile(
  db: Db,
  values: {
    projectId: string;
    kind: 'tender-boq' | 'control-price' | 'bid';
    uploadedBy: string;
    bidderUserId?: string | null;
    bidderName?: string | null;
    sha256?: string | null;
    /** The header's origin (C20); by default a lock serial of the file's own. */
    origin?: Record<string, string> | null;
    parseState?: 'pending' | 'parsed' | 'failed';
    items?: ItemSeed[];
    money?: Partial<typeof MONEY>;
  },
) {
  const items = values.items ?? cleanItems();
  return db.transaction(async (tx) => {
    const [file] = await tx
      .insert(costFiles)
      .values({
        projectId: values.projectId,
        kind: values.kind,
        bidderUserId: values.bidderUserId ?? null,
        bidderName: values.bidderName ?? null,
        fileId: randomUUID(),
        sha256: values.sha256 ?? randomUUID(),
        origin: values.origin === undefined ? { lockSerial: randomUUID() } : values.origin,
        layout: 'ks-cost-xml-1',
        parseState: values.parseState ?? 'parsed',
        taxMethod: 'general',
        itemCount: items.length,
        uploadedBy: values.uploadedBy,
      })
      .returning();
    if (!file) throw new Error('file not inserted');
    const money = { ...MONEY, ...values.money };
    const [project] = await tx
      .insert(costNodes)
      .values({ fileId: file.id, level: 'project', path: '1', code: 'P', name: '示例项目', ...money })
      .returning();
    const [single] = await tx
      .insert(costNodes)
      .values({
        fileId: file.id,
        parentId: project?.id,
        level: 'single',
        path: '1.1',
        code: 'S1',
        name: '1号楼',
        ...money,
      })
      .returning();
    const [unit] = await tx
      .insert(costNodes)
      .values({
        fileId: file.id,
        parentId: single?.id,
        level: 'unit',
        path: '1.1.1',
        code: 'U1',
        name: '1号楼建筑工程',
        zy: '建筑工程',
        ...money,
        bases: { 人工费: '100000.00', 机械费: '20000.00' },
      })
      .returning();
    if (!unit) throw new Error('unit not inserted');
    if (items.length > 0) {
      await tx.insert(costItems).values(
        items.map((item, seq) => ({
          fileId: file.id,
          unitNodeId: unit.id,
          seq,
          list: item.list,
          category: item.category ?? null,
          code: item.code,
          name: item.name,
          unit: item.unit ?? null,
          quantity: item.quantity ?? null,
          unitPrice: item.unitPrice ?? null,
          total: item.total,
          rate: item.rate ?? null,
          base: item.base ?? null,
        })),
      );
    }
    return { file, unit };
  });
}
