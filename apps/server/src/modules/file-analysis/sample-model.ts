import type { CostFileKind, FileOrigin } from './cost-tree.ts';
import type { ModelFile, ModelItem, ModelUnit } from './cost-xml-writer.ts';

/**
 * The model behind the sample files of docs/cost-file/samples and the demo project: a small
 * school building (one single project, a building and an installation unit project) priced by a
 * control price and three bidders. `factor` scales the bidder's unit prices; fee items follow
 * the unit's own bases, so every sum is consistent unless an error is planted on purpose.
 */

interface BoqLine {
  code: string;
  name: string;
  features: string;
  unit: string;
  quantity: string;
  /** The control price's 综合单价. */
  price: number;
}

const BUILDING: BoqLine[] = [
  {
    code: '010101001001',
    name: '平整场地',
    features: '1.土壤类别：三类土\n2.弃土运距：场内',
    unit: 'm2',
    quantity: '1260.00',
    price: 4.86,
  },
  {
    code: '010101004001',
    name: '挖基坑土方',
    features: '1.土壤类别：三类土\n2.挖土深度：2m以内',
    unit: 'm3',
    quantity: '845.60',
    price: 38.72,
  },
  {
    code: '010103001001',
    name: '回填方',
    features: '1.密实度要求：≥0.94\n2.填方来源：原土',
    unit: 'm3',
    quantity: '512.30',
    price: 26.15,
  },
  {
    code: '010401001001',
    name: '砖基础',
    features: '1.砖品种：MU15 页岩标准砖\n2.砂浆：M7.5 水泥砂浆',
    unit: 'm3',
    quantity: '96.40',
    price: 512.34,
  },
  {
    code: '010401005001',
    name: '空心砖墙',
    features: '1.砖品种：MU5 页岩空心砖\n2.墙体厚度：200mm',
    unit: 'm3',
    quantity: '486.25',
    price: 468.9,
  },
  {
    code: '010501003001',
    name: '独立基础',
    features: '1.混凝土强度等级：C30\n2.混凝土种类：商品混凝土',
    unit: 'm3',
    quantity: '182.70',
    price: 598.42,
  },
  {
    code: '010502001001',
    name: '矩形柱',
    features: '1.混凝土强度等级：C30',
    unit: 'm3',
    quantity: '124.36',
    price: 652.18,
  },
  {
    code: '010505001001',
    name: '有梁板',
    features: '1.混凝土强度等级：C30\n2.板厚：120mm',
    unit: 'm3',
    quantity: '398.52',
    price: 611.07,
  },
  {
    code: '010515001001',
    name: '现浇构件钢筋',
    features: '1.钢筋种类、规格：HRB400 Φ12以上',
    unit: 't',
    quantity: '86.214',
    price: 5236.8,
  },
  {
    code: '010802001001',
    name: '金属（塑钢）门',
    features: '1.门框、扇材质：铝合金\n2.玻璃：中空玻璃',
    unit: 'm2',
    quantity: '126.00',
    price: 486.5,
  },
  {
    code: '011102003001',
    name: '块料楼地面',
    features: '1.面层：600×600 防滑地砖\n2.结合层：20 厚 1:3 水泥砂浆',
    unit: 'm2',
    quantity: '2310.40',
    price: 128.64,
  },
];

const INSTALLATION: BoqLine[] = [
  {
    code: '030404017001',
    name: '配电箱',
    features: '1.名称：照明配电箱 AL\n2.安装方式：嵌墙暗装',
    unit: '台',
    quantity: '12',
    price: 2186.4,
  },
  {
    code: '030411001001',
    name: '配管',
    features: '1.材质：JDG 管\n2.规格：Φ20\n3.配置形式：暗配',
    unit: 'm',
    quantity: '3650.00',
    price: 18.62,
  },
  {
    code: '030411004001',
    name: '配线',
    features: '1.型号：BV-2.5\n2.配线形式：管内穿线',
    unit: 'm',
    quantity: '9820.00',
    price: 4.35,
  },
  {
    code: '030412005001',
    name: '荧光灯',
    features: '1.名称：LED 平板灯\n2.规格：600×600 36W',
    unit: '套',
    quantity: '386',
    price: 236.8,
  },
  {
    code: '031001006001',
    name: '塑料管',
    features: '1.材质：PP-R 给水管\n2.规格：DN25',
    unit: 'm',
    quantity: '742.00',
    price: 42.16,
  },
];

const round2 = (n: number) => Math.round(n * 100) / 100;
const money = (n: number) => round2(n).toFixed(2);

export interface SampleOptions {
  kind: CostFileKind;
  /** Bidder's price level against the control price (1 = the control price itself). */
  factor?: number;
  /** A tender BOQ of 暂列金额 for every priced file (bids must keep it unchanged). */
  provisionalSum?: number;
  /** The header's origin: the pricing program and the machine it ran on (C20 compares them). */
  origin?: FileOrigin;
}

const PROGRAM = { software: '清单计价软件', softwareVersion: '2026.3' };
/** One pricing-program lock and one machine per bidder (invented identifiers). */
const ORIGINS: Record<string, FileOrigin> = {
  hongyuan: {
    ...PROGRAM,
    lockSerial: 'JS-4471-0832-19',
    machineCode: 'BFEBFBFF000906EA-7E21C9',
    macAddress: '3C-7C-3F-21-8A-10',
  },
  jiangong: {
    ...PROGRAM,
    lockSerial: 'JS-4471-1190-02',
    machineCode: 'BFEBFBFF000A0671-51D0B2',
    macAddress: '00-E0-4C-68-02-3B',
  },
  huayi: {
    ...PROGRAM,
    lockSerial: 'JS-5102-0077-41',
    machineCode: 'BFEBFBFF000806EC-93AF04',
    macAddress: '54-E1-AD-0C-77-9D',
  },
  dingcheng: {
    ...PROGRAM,
    lockSerial: 'JS-5102-2318-66',
    machineCode: 'BFEBFBFF000906A3-08C7D5',
    macAddress: 'F8-75-A4-19-C2-E6',
  },
  hengxin: {
    ...PROGRAM,
    lockSerial: 'JS-6023-0415-27',
    machineCode: 'BFEBFBFF000A0653-C4E810',
    macAddress: '98-FA-9B-3E-55-01',
  },
};

function unitOf(code: string, name: string, zy: string, lines: BoqLine[], options: SampleOptions): ModelUnit {
  const factor = options.factor ?? 1;
  const fbfx: ModelItem[] = lines.map((line) => ({
    list: 'fbfx',
    code: line.code,
    name: line.name,
    features: line.features,
    unit: line.unit,
    quantity: line.quantity,
    unitPrice: money(line.price * factor),
  }));
  const F = fbfx.reduce(
    (sum, i) => sum + Math.round(Number(i.quantity) * Number(i.unitPrice) * 100) / 100,
    0,
  );
  const labour = round2(F * 0.21);
  const machinery = round2(F * 0.06);
  const safetyBase = round2(labour + machinery);
  const safety = round2(safetyBase * 0.125);
  const scaffold = zy === '建筑工程' ? 1 : 0;
  const csxm: ModelItem[] = [
    {
      list: 'csxm',
      code: '011707001001',
      name: '安全文明施工费',
      base: '人工费+机械费',
      rate: '12.5',
      total: money(safety),
      category: 'safety',
    },
    {
      list: 'csxm',
      code: '011707002001',
      name: '夜间施工增加费',
      base: '人工费+机械费',
      rate: '0.8',
      total: money(safetyBase * 0.008),
    },
  ];
  if (scaffold) {
    csxm.push({
      list: 'csxm',
      code: '011701001001',
      name: '综合脚手架',
      features: '1.建筑结构形式：框架\n2.檐口高度：18m',
      unit: 'm2',
      quantity: '3860.00',
      unitPrice: money(28.4 * factor),
    });
  }
  const provisional = options.provisionalSum ?? (zy === '建筑工程' ? 80000 : 20000);
  const qtxm: ModelItem[] = [
    {
      list: 'qtxm',
      code: '1',
      name: '暂列金额',
      unit: '项',
      total: money(provisional),
      category: 'provisional-sum',
    },
    {
      list: 'qtxm',
      code: '2',
      name: '专业工程暂估价',
      unit: '项',
      total: money(zy === '建筑工程' ? 60000 : 0),
      category: 'provisional-price',
    },
    { list: 'qtxm', code: '3', name: '计日工', unit: '项', total: money(3600 * factor), category: 'daywork' },
    {
      list: 'qtxm',
      code: '4',
      name: '总承包服务费',
      base: '专业工程暂估价',
      rate: '1.5',
      total: money(zy === '建筑工程' ? 900 : 0),
      category: 'contract-service',
    },
  ];
  const gf: ModelItem[] = [
    { list: 'gf', code: '1', name: '社会保险费', base: '人工费', rate: '18.5', total: money(labour * 0.185) },
    { list: 'gf', code: '2', name: '住房公积金', base: '人工费', rate: '5.2', total: money(labour * 0.052) },
  ];
  const sum = (items: ModelItem[]) =>
    items.reduce(
      (s, i) =>
        s + (i.total !== undefined ? Number(i.total) : round2(Number(i.quantity) * Number(i.unitPrice))),
      0,
    );
  const pretax = round2(F + sum(csxm) + sum(qtxm) + sum(gf));
  const sj: ModelItem[] = [
    {
      list: 'sj',
      code: '1',
      name: '增值税销项税额',
      base: '税前工程造价',
      rate: '9',
      total: money(pretax * 0.09),
    },
  ];
  return {
    code,
    name,
    zy,
    items: [...fbfx, ...csxm, ...qtxm, ...gf, ...sj],
    bases: { 人工费: money(labour), 机械费: money(machinery), 暂列金额: money(provisional) },
  };
}

/** The sample project as one kind of file. */
export function sampleModel(options: SampleOptions): ModelFile {
  return {
    kind: options.kind,
    taxMethod: 'general',
    ...(options.origin ? { origin: options.origin } : {}),
    project: { code: 'KS-ZJ-2026-018', name: '城东实验小学教学楼新建工程' },
    singles: [
      {
        code: '01',
        name: '教学楼',
        units: [
          unitOf('0101', '教学楼建筑工程', '建筑工程', BUILDING, options),
          unitOf('0102', '教学楼电气给排水安装工程', '安装工程', INSTALLATION, options),
        ],
      },
    ],
  };
}

export interface SampleFile {
  fileName: string;
  kind: CostFileKind;
  bidderName: string | null;
  /** What is wrong in it on purpose (for the checks), or null. */
  planted: string | null;
  model: ModelFile;
  layout: 'ks-cost-xml-1' | 'province-cn-1';
}

/**
 * The files of docs/cost-file/samples and the demo project: the tender BOQ, the control price,
 * a clean bid, and two bids with planted errors (a wrong 合价; a missing item and a unit total that
 * does not add up), plus the clean bid again in the province layout, and a bid made with the clean
 * bidder's pricing-program lock (C20). Each bid's header names its program, lock and machine.
 */
export function sampleFiles(): SampleFile[] {
  const wrongTotal = sampleModel({ kind: 'bid', factor: 0.955, origin: ORIGINS.jiangong });
  const building = wrongTotal.singles[0]?.units[0] as ModelUnit;
  const slab = building.items.find((i) => i.code === '010505001001') as ModelItem;
  // 合价 ≠ round(工程量 × 综合单价): 2,700.00 yuan more than the product.
  slab.total = (Math.round(Number(slab.quantity) * Number(slab.unitPrice) * 100) / 100 + 2700).toFixed(2);

  const missing = sampleModel({ kind: 'bid', factor: 0.97, origin: ORIGINS.huayi });
  const missingUnit = missing.singles[0]?.units[0] as ModelUnit;
  missingUnit.items = missingUnit.items.filter((i) => i.code !== '010401005001');
  const installation = missing.singles[0]?.units[1] as ModelUnit;
  installation.stated = { zzj: '1.00' };

  // The end-to-end test's bid: the three errors above in one file (a wrong 合价, a missing item, a
  // unit total that does not add up), each in a different unit or list so each is one finding.
  const threeErrors = sampleModel({ kind: 'bid', factor: 0.96, origin: ORIGINS.dingcheng });
  const threeBuilding = threeErrors.singles[0]?.units[0] as ModelUnit;
  const threeSlab = threeBuilding.items.find((i) => i.code === '010505001001') as ModelItem;
  threeSlab.total = (
    Math.round(Number(threeSlab.quantity) * Number(threeSlab.unitPrice) * 100) / 100 +
    2700
  ).toFixed(2);
  threeBuilding.items = threeBuilding.items.filter((i) => i.code !== '010401005001');
  (threeErrors.singles[0]?.units[1] as ModelUnit).stated = { zzj: '1.00' };
  return [
    {
      fileName: 'tender-boq.xml',
      kind: 'tender-boq',
      bidderName: null,
      planted: null,
      layout: 'ks-cost-xml-1',
      model: sampleModel({ kind: 'tender-boq' }),
    },
    {
      fileName: 'control-price.xml',
      kind: 'control-price',
      bidderName: null,
      planted: null,
      layout: 'ks-cost-xml-1',
      model: sampleModel({ kind: 'control-price' }),
    },
    {
      fileName: 'bid-clean.xml',
      kind: 'bid',
      bidderName: '浙江宏远建设有限公司',
      planted: null,
      layout: 'ks-cost-xml-1',
      model: sampleModel({ kind: 'bid', factor: 0.94, origin: ORIGINS.hongyuan }),
    },
    {
      fileName: 'bid-wrong-total.xml',
      kind: 'bid',
      bidderName: '杭州建工集团有限公司',
      planted: '有梁板（010505001001）的合价比 工程量×综合单价 多 2700.00 元',
      layout: 'ks-cost-xml-1',
      model: wrongTotal,
    },
    {
      fileName: 'bid-missing-item.xml',
      kind: 'bid',
      bidderName: '宁波华屹建筑工程有限公司',
      planted: '缺少空心砖墙（010401005001）；安装工程单位工程的工程总造价与各项费用之和不符',
      layout: 'ks-cost-xml-1',
      model: missing,
    },
    {
      fileName: 'bid-three-errors.xml',
      kind: 'bid',
      bidderName: '温州鼎诚建设有限公司',
      planted:
        '有梁板（010505001001）的合价多 2700.00 元；缺少空心砖墙（010401005001）；安装工程单位工程的工程总造价与各项费用之和不符',
      layout: 'ks-cost-xml-1',
      model: threeErrors,
    },
    {
      fileName: 'province-bid-clean.xml',
      kind: 'bid',
      bidderName: '浙江宏远建设有限公司',
      planted: null,
      layout: 'province-cn-1',
      model: sampleModel({ kind: 'bid', factor: 0.94, origin: ORIGINS.hongyuan }),
    },
    {
      fileName: 'bid-same-lock.xml',
      kind: 'bid',
      bidderName: '金华恒信建设有限公司',
      planted: '加密锁号与浙江宏远建设有限公司的投标文件相同（C20 提请评标委员会关注）',
      layout: 'ks-cost-xml-1',
      model: sampleModel({
        kind: 'bid',
        factor: 0.985,
        origin: { ...ORIGINS.hengxin, lockSerial: ORIGINS.hongyuan?.lockSerial ?? '' },
      }),
    },
  ];
}
