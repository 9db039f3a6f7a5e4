import {
  type CostFileKind,
  type CostList,
  type FileOrigin,
  type ItemCategory,
  MONEY_COLUMNS,
  MONEY_TERMS,
  type MoneyColumn,
  ORIGIN_FIELDS,
  ORIGIN_TERMS,
  type TaxMethod,
} from './cost-tree.ts';

/**
 * Writes cost files in either layout from a small model, computing every sum the way a pricing
 * program does (docs/domain.md §11: Z = F + C + Q + G + S, roll-ups, 合价 = round(工程量 × 综合单价)).
 * The sample files in docs/cost-file/samples, the demo's planted errors and the benchmark's 50 MB
 * file are all written by it; the output is a stream of strings, never one document.
 */

export interface ModelItem {
  list: CostList;
  code: string;
  name: string;
  features?: string;
  unit?: string;
  quantity?: string;
  unitPrice?: string;
  /** Given when not quantity × unit price (fee items, provisional sums). */
  total?: string;
  rate?: string;
  base?: string;
  category?: ItemCategory;
}

export interface ModelUnit {
  code: string;
  name: string;
  zy: string;
  items: ModelItem[];
  bases?: Record<string, string>;
  /** Money columns as stated in the file when they differ from the sums (a planted error). */
  stated?: Partial<Record<MoneyColumn, string>>;
}

export interface ModelFile {
  kind: CostFileKind;
  taxMethod: TaxMethod;
  /** The header's origin (program, lock serial, machine identifiers), written when given. */
  origin?: FileOrigin;
  project: { code: string; name: string };
  singles: { code: string; name: string; units: ModelUnit[] }[];
}

type Money = Record<MoneyColumn, number>;
const LIST_COLUMN: Record<CostList, MoneyColumn> = {
  fbfx: 'fbfxf',
  csxm: 'csxmf',
  qtxm: 'qtxmf',
  gf: 'gf',
  sj: 'sj',
};

const cents = (value: number) => Math.round(value * 100);
const yuan = (value: number) => (value / 100).toFixed(2);
const zero = (): Money => Object.fromEntries(MONEY_COLUMNS.map((c) => [c, 0])) as Money;

/** An item's 合价 in cents: the stated total, else round(quantity × unit price), else 0. */
export function itemCents(item: ModelItem): number {
  if (item.total !== undefined) return cents(Number(item.total));
  if (item.quantity !== undefined && item.unitPrice !== undefined) {
    return Math.round(Number(item.quantity) * Number(item.unitPrice) * 100);
  }
  return 0;
}

/** The money columns of one unit project in cents, from its items (V = the 税金 item marked 增值税). */
export function unitMoney(unit: ModelUnit, kind: CostFileKind): Money {
  const money = zero();
  if (kind === 'tender-boq') return money;
  for (const item of unit.items) {
    const amount = itemCents(item);
    money[LIST_COLUMN[item.list]] += amount;
    if (item.category === 'safety') money.aqwmsgf += amount;
    if (item.list === 'sj' && item.name.includes('增值税')) money.zzsxxse += amount;
  }
  money.zzj = money.fbfxf + money.csxmf + money.qtxmf + money.gf + money.sj;
  for (const [column, value] of Object.entries(unit.stated ?? {}))
    money[column as MoneyColumn] = cents(Number(value));
  return money;
}

const add = (a: Money, b: Money) => {
  for (const c of MONEY_COLUMNS) a[c] += b[c];
};

function totals(file: ModelFile) {
  const units = new Map<ModelUnit, Money>();
  const singles = file.singles.map((single) => {
    const sum = zero();
    for (const unit of single.units) {
      const money = unitMoney(unit, file.kind);
      units.set(unit, money);
      add(sum, money);
    }
    return sum;
  });
  const project = zero();
  for (const s of singles) add(project, s);
  return { units, singles, project };
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const attrs = (values: Record<string, string | undefined>) =>
  Object.entries(values)
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => ` ${k}="${escapeXml(v as string)}"`)
    .join('');
const moneyAttrs = (money: Money, names: (c: MoneyColumn) => string) =>
  attrs(Object.fromEntries(MONEY_COLUMNS.map((c) => [names(c), yuan(money[c])])));
const priced = (kind: CostFileKind, item: ModelItem) => {
  if (kind !== 'tender-boq') return { unitPrice: item.unitPrice, total: yuan(itemCents(item)) };
  // A tender BOQ carries no prices; only the amounts the tender itself fixes (暂列金额, 暂估价).
  const fixed = item.category === 'provisional-sum' || item.category === 'provisional-price';
  return { unitPrice: undefined, total: fixed ? yuan(itemCents(item)) : undefined };
};

/** ks-cost-xml-1, as strings. */
export function* writeKsCostXml(file: ModelFile): Generator<string> {
  const sums = totals(file);
  yield '<?xml version="1.0" encoding="UTF-8"?>\n';
  yield `<CostFile xmlns="urn:ks:cost-file:1" layout="ks-cost-xml-1"${attrs({ kind: file.kind, taxMethod: file.taxMethod })}>\n`;
  if (file.origin) yield `  <Origin${attrs(file.origin)}/>\n`;
  yield `  <Project${attrs(file.project)}${moneyAttrs(sums.project, (c) => c)}>\n`;
  for (const [s, single] of file.singles.entries()) {
    yield `    <SingleProject${attrs({ code: single.code, name: single.name })}${moneyAttrs(sums.singles[s] as Money, (c) => c)}>\n`;
    for (const unit of single.units) {
      yield `      <UnitProject${attrs({ code: unit.code, name: unit.name, zy: unit.zy })}${moneyAttrs(sums.units.get(unit) as Money, (c) => c)}>\n`;
      if (unit.bases && file.kind !== 'tender-boq') {
        yield '        <Bases>\n';
        for (const [name, amount] of Object.entries(unit.bases))
          yield `          <Base${attrs({ name, amount })}/>\n`;
        yield '        </Bases>\n';
      }
      for (const list of ['fbfx', 'csxm', 'qtxm', 'gf', 'sj'] as const) {
        const items = unit.items.filter((i) => i.list === list);
        if (items.length === 0) continue;
        yield `        <BoqList type="${list}">\n`;
        for (const item of items) {
          const head = `          <Item${attrs({
            code: item.code,
            name: item.name,
            unit: item.unit,
            quantity: item.quantity,
            ...priced(file.kind, item),
            rate: file.kind === 'tender-boq' ? undefined : item.rate,
            base: item.base,
            category: item.category,
          })}`;
          yield item.features
            ? `${head}><Features>${escapeXml(item.features)}</Features></Item>\n`
            : `${head}/>\n`;
        }
        yield '        </BoqList>\n';
      }
      yield '      </UnitProject>\n';
    }
    yield '    </SingleProject>\n';
  }
  yield '  </Project>\n</CostFile>\n';
}

const PROVINCE_KIND: Record<CostFileKind, string> = {
  'tender-boq': '招标工程量清单',
  'control-price': '招标控制价',
  bid: '投标报价',
};
/** Chapter names of GB 50854/50856 used by the samples (code digits 1–4). */
const CHAPTERS: Record<string, string> = {
  '0101': '土石方工程',
  '0104': '砌筑工程',
  '0105': '混凝土及钢筋混凝土工程',
  '0108': '门窗工程',
  '0111': '楼地面装饰工程',
  '0304': '电气设备安装工程',
  '0310': '给排水、采暖、燃气工程',
};
const PROVINCE_ITEM: Record<CostList, [string, string]> = {
  fbfx: ['分部分项清单', '清单项'],
  csxm: ['措施项目清单', '措施项'],
  qtxm: ['其他项目清单', '其他项'],
  gf: ['规费清单', '规费项'],
  sj: ['税金清单', '税金项'],
};

/**
 * province-cn-1, as strings; 分部分项 items are grouped into 分部 by the chapter digits (3–4) of
 * their code. `encoding` is only what the declaration says: the caller encodes the bytes.
 */
export function* writeProvinceXml(file: ModelFile, encoding = 'UTF-8'): Generator<string> {
  const sums = totals(file);
  const summary = (money: Money, indent: string) =>
    `${indent}<汇总${moneyAttrs(money, (c) => MONEY_TERMS[c])}/>\n`;
  yield `<?xml version="1.0" encoding="${encoding}"?>\n`;
  yield `<工程造价文件 版本="1.0"${attrs({ 文件类型: PROVINCE_KIND[file.kind], 计税方式: file.taxMethod === 'general' ? '一般计税法' : '简易计税法' })}>\n`;
  if (file.origin) {
    const origin = file.origin;
    yield `  <编制信息${attrs(Object.fromEntries(ORIGIN_FIELDS.map((f) => [ORIGIN_TERMS[f], origin[f]])))}/>\n`;
  }
  yield `  <工程项目${attrs({ 项目编号: file.project.code, 项目名称: file.project.name })}>\n`;
  yield summary(sums.project, '    ');
  for (const [s, single] of file.singles.entries()) {
    yield `    <单项工程${attrs({ 编号: single.code, 名称: single.name })}>\n`;
    yield summary(sums.singles[s] as Money, '      ');
    for (const unit of single.units) {
      yield `      <单位工程${attrs({ 编号: unit.code, 名称: unit.name, 专业: unit.zy })}>\n`;
      yield summary(sums.units.get(unit) as Money, '        ');
      if (unit.bases && file.kind !== 'tender-boq') {
        yield '        <取费基数>\n';
        for (const [name, amount] of Object.entries(unit.bases))
          yield `          <基数${attrs({ 名称: name, 金额: amount })}/>\n`;
        yield '        </取费基数>\n';
      }
      for (const list of ['fbfx', 'csxm', 'qtxm', 'gf', 'sj'] as const) {
        const items = unit.items.filter((i) => i.list === list);
        if (items.length === 0) continue;
        const [container, element] = PROVINCE_ITEM[list];
        yield `        <${container}>\n`;
        let chapter = '';
        for (const item of items) {
          const indent = list === 'fbfx' ? '            ' : '          ';
          if (list === 'fbfx' && item.code.slice(0, 4) !== chapter) {
            if (chapter) yield '          </分部>\n';
            chapter = item.code.slice(0, 4);
            yield `          <分部${attrs({ 编码: chapter, 名称: CHAPTERS[chapter] ?? `分部 ${chapter}` })}>\n`;
          }
          const price = priced(file.kind, item);
          const head = `${indent}<${element}${attrs({
            [list === 'fbfx' ? '项目编码' : '编码']: item.code,
            [list === 'fbfx' ? '项目名称' : '名称']: item.name,
            计量单位: item.unit,
            工程量: item.quantity,
            综合单价: price.unitPrice,
            [list === 'fbfx' ? '综合合价' : '金额']: price.total,
            计算基础: item.base,
            费率: file.kind === 'tender-boq' ? undefined : item.rate,
          })}`;
          yield item.features
            ? `${head}><项目特征>${escapeXml(item.features)}</项目特征></${element}>\n`
            : `${head}/>\n`;
        }
        if (chapter) yield '          </分部>\n';
        yield `        </${container}>\n`;
      }
      yield '      </单位工程>\n';
    }
    yield '    </单项工程>\n';
  }
  yield '  </工程项目>\n</工程造价文件>\n';
}
