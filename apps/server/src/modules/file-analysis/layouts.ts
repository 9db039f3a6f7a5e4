import {
  type CostFileKind,
  type CostList,
  type FileOrigin,
  ITEM_CATEGORIES,
  type ItemCategory,
  MONEY_COLUMNS,
  MONEY_TERMS,
  type MoneyColumn,
  type NodeLevel,
  ORIGIN_FIELDS,
  ORIGIN_MAX,
  ORIGIN_TERMS,
  type OriginField,
  type TaxMethod,
  type TreeBuilder,
} from './cost-tree.ts';

/**
 * The XML layouts the parser reads, one adapter each, picked by the root element (decision 0042).
 * An adapter sees SAX events only: it never holds more than the element it is in. The driver
 * (cost-parser.ts) checks the nesting against `parents` and `maxDepth` before the adapter runs.
 */

export type Attributes = Record<string, string>;

export interface LayoutAdapter {
  taxMethod: TaxMethod | null;
  declaredKind: CostFileKind | null;
  /** The header's origin (program, lock serial, machine identifiers), when the file has one. */
  origin: FileOrigin | null;
  open(name: string, attributes: Attributes): void;
  text(text: string): void;
  close(name: string): void;
}

export interface LayoutDefinition {
  id: string;
  title: string;
  root: string;
  /** Deepest element nesting a valid file of the layout has (the root is depth 1). */
  maxDepth: number;
  /** Each element's allowed parents ('' = the document): anything else is refused by name. */
  parents: Record<string, readonly string[]>;
  create(tree: TreeBuilder): LayoutAdapter;
}

const FEATURES_MAX = 4000;

/** Collects the text of one element (项目特征), capped so a long run cannot grow unseen. */
class TextCapture {
  private parts: string[] | null = null;
  private length = 0;
  constructor(private readonly tree: TreeBuilder) {}
  start() {
    this.parts = [];
    this.length = 0;
  }
  add(text: string) {
    if (!this.parts) return;
    this.length += text.length;
    if (this.length > FEATURES_MAX) this.tree.fail(`项目特征超过 ${FEATURES_MAX} 个字符`);
    this.parts.push(text);
  }
  end(): string {
    const text = this.parts?.join('') ?? '';
    this.parts = null;
    return text;
  }
}

/**
 * Reads the origin element (one per file): each field by the attribute the layout names it,
 * whitespace collapsed, empty ones left out, a value over ORIGIN_MAX characters refused.
 */
function readOrigin(
  tree: TreeBuilder,
  adapter: LayoutAdapter,
  element: string,
  a: Attributes,
  attribute: Record<OriginField, string>,
) {
  if (adapter.origin) tree.fail(`${element} 只能出现一次`);
  const origin: FileOrigin = {};
  for (const field of ORIGIN_FIELDS) {
    const value = a[attribute[field]]?.replace(/\s+/g, ' ').trim();
    if (!value) continue;
    if (value.length > ORIGIN_MAX) tree.fail(`${element}的${ORIGIN_TERMS[field]}超过 ${ORIGIN_MAX} 个字符`);
    origin[field] = value;
  }
  adapter.origin = origin;
}

// ---------------------------------------------------------------------------------------------
// ks-cost-xml-1: the platform's own exchange format (docs/cost-file/ks-cost-xml-1.xsd).

const KS_KINDS: readonly CostFileKind[] = ['tender-boq', 'control-price', 'bid'];
const KS_LIST_TYPES: readonly CostList[] = ['fbfx', 'csxm', 'qtxm', 'gf', 'sj'];
const KS_LEVELS: Record<string, NodeLevel> = {
  Project: 'project',
  SingleProject: 'single',
  UnitProject: 'unit',
};

export const KS_COST_XML: LayoutDefinition = {
  id: 'ks-cost-xml-1',
  title: 'KS 造价文件交换格式 1.0',
  root: 'CostFile',
  maxDepth: 7,
  parents: {
    CostFile: [''],
    Origin: ['CostFile'],
    Project: ['CostFile'],
    SingleProject: ['Project'],
    UnitProject: ['SingleProject'],
    Bases: ['UnitProject'],
    Base: ['Bases'],
    BoqList: ['UnitProject'],
    Item: ['BoqList'],
    Features: ['Item'],
  },
  create(tree) {
    const features = new TextCapture(tree);
    let list: CostList | null = null;
    let item: Attributes | null = null;
    let itemFeatures: string | null = null;
    const adapter: LayoutAdapter = {
      taxMethod: null,
      declaredKind: null,
      origin: null,
      open(name, a) {
        const level = KS_LEVELS[name];
        if (level) {
          tree.openNode(level, { code: a.code, name: a.name, zy: a.zy });
          tree.setMoney(Object.fromEntries(MONEY_COLUMNS.map((c) => [c, a[c] ?? ''])));
          return;
        }
        switch (name) {
          case 'CostFile': {
            if (a.layout !== undefined && a.layout !== KS_COST_XML.id) {
              tree.fail(`格式版本“${a.layout}”不受支持，当前支持 ${KS_COST_XML.id}`);
            }
            if (!KS_KINDS.includes(a.kind as CostFileKind)) {
              tree.fail('CostFile 的 kind 必须是 tender-boq、control-price 或 bid');
            }
            adapter.declaredKind = a.kind as CostFileKind;
            if (a.taxMethod !== 'general' && a.taxMethod !== 'simple') {
              tree.fail('CostFile 的 taxMethod 必须是 general（一般计税）或 simple（简易计税）');
            }
            adapter.taxMethod = a.taxMethod as TaxMethod;
            return;
          }
          case 'Origin':
            readOrigin(tree, adapter, 'Origin', a, {
              software: 'software',
              softwareVersion: 'softwareVersion',
              lockSerial: 'lockSerial',
              machineCode: 'machineCode',
              macAddress: 'macAddress',
            });
            return;
          case 'Base':
            tree.addBase(a.name, a.amount);
            return;
          case 'BoqList':
            if (!KS_LIST_TYPES.includes(a.type as CostList)) {
              tree.fail('BoqList 的 type 必须是 fbfx、csxm、qtxm、gf 或 sj');
            }
            list = a.type as CostList;
            return;
          case 'Item':
            item = a;
            itemFeatures = null;
            return;
          case 'Features':
            features.start();
            return;
        }
      },
      text(text) {
        features.add(text);
      },
      close(name) {
        if (KS_LEVELS[name]) tree.closeNode();
        else if (name === 'Features') itemFeatures = features.end();
        else if (name === 'BoqList') list = null;
        else if (name === 'Item' && item && list) {
          const category = item.category?.trim() || null;
          if (category && !ITEM_CATEGORIES.includes(category as ItemCategory)) {
            tree.fail(`清单项 ${item.code ?? ''} 的 category“${category.slice(0, 40)}”不受支持`);
          }
          tree.addItem(list, {
            code: item.code,
            name: item.name,
            features: itemFeatures,
            unit: item.unit,
            quantity: item.quantity,
            unitPrice: item.unitPrice,
            total: item.total,
            rate: item.rate,
            base: item.base,
            category: category as ItemCategory | null,
          });
          item = null;
        }
      },
    };
    return adapter;
  },
};

// ---------------------------------------------------------------------------------------------
// province-cn-1: a layout modelled on provincial exchange standards (Chinese element and attribute
// names, money in a 汇总 child, 分部 groups inside the 分部分项 list). Not an official schema.

const PROVINCE_KINDS: Record<string, CostFileKind> = {
  招标工程量清单: 'tender-boq',
  工程量清单: 'tender-boq',
  招标控制价: 'control-price',
  投标报价: 'bid',
};
const PROVINCE_TAX: Record<string, TaxMethod> = {
  一般计税: 'general',
  一般计税法: 'general',
  简易计税: 'simple',
  简易计税法: 'simple',
};
const PROVINCE_LEVELS: Record<string, NodeLevel> = {
  工程项目: 'project',
  单项工程: 'single',
  单位工程: 'unit',
};
const PROVINCE_ITEMS: Record<string, CostList> = {
  清单项: 'fbfx',
  措施项: 'csxm',
  其他项: 'qtxm',
  规费项: 'gf',
  税金项: 'sj',
};
/** Categories by the words provincial files use in 类别 or, failing that, the item's name. */
const PROVINCE_CATEGORY_WORDS: [string, ItemCategory][] = [
  ['暂列金额', 'provisional-sum'],
  ['暂估价', 'provisional-price'],
  ['计日工', 'daywork'],
  ['总承包服务费', 'contract-service'],
  ['安全文明', 'safety'],
  ['安全生产费', 'enterprise-safety'],
];

function provinceCategory(a: Attributes): ItemCategory | null {
  const words = `${a.类别 ?? ''}|${a.项目名称 ?? a.名称 ?? ''}`;
  return PROVINCE_CATEGORY_WORDS.find(([word]) => words.includes(word))?.[1] ?? null;
}

const NODE_PARENTS = ['工程项目', '单项工程', '单位工程'];

export const PROVINCE_CN: LayoutDefinition = {
  id: 'province-cn-1',
  title: '省级造价数据交换格式（参照各省招投标造价数据标准）',
  root: '工程造价文件',
  maxDepth: 9,
  parents: {
    工程造价文件: [''],
    编制信息: ['工程造价文件'],
    工程项目: ['工程造价文件'],
    单项工程: ['工程项目'],
    单位工程: ['单项工程'],
    汇总: NODE_PARENTS,
    取费基数: ['单位工程'],
    基数: ['取费基数'],
    分部分项清单: ['单位工程'],
    分部: ['分部分项清单', '分部'],
    清单项: ['分部分项清单', '分部'],
    项目特征: ['清单项', '措施项'],
    措施项目清单: ['单位工程'],
    措施项: ['措施项目清单'],
    其他项目清单: ['单位工程'],
    其他项: ['其他项目清单'],
    规费清单: ['单位工程'],
    规费项: ['规费清单'],
    税金清单: ['单位工程'],
    税金项: ['税金清单'],
  },
  create(tree) {
    const features = new TextCapture(tree);
    let item: { list: CostList; a: Attributes; features: string | null } | null = null;
    const adapter: LayoutAdapter = {
      taxMethod: null,
      declaredKind: null,
      origin: null,
      open(name, a) {
        const level = PROVINCE_LEVELS[name];
        if (level) {
          tree.openNode(level, {
            code: level === 'project' ? a.项目编号 : a.编号,
            name: level === 'project' ? a.项目名称 : a.名称,
            zy: a.专业,
          });
          return;
        }
        const list = PROVINCE_ITEMS[name];
        if (list) {
          item = { list, a, features: null };
          return;
        }
        switch (name) {
          case '工程造价文件': {
            const kind = PROVINCE_KINDS[a.文件类型 ?? ''];
            if (!kind) tree.fail('工程造价文件的“文件类型”必须是 招标工程量清单、招标控制价 或 投标报价');
            adapter.declaredKind = kind as CostFileKind;
            const tax = a.计税方式 ? PROVINCE_TAX[a.计税方式] : undefined;
            if (a.计税方式 && !tax) tree.fail(`计税方式“${a.计税方式.slice(0, 20)}”不受支持`);
            adapter.taxMethod = tax ?? null;
            return;
          }
          case '汇总':
            tree.setMoney(
              Object.fromEntries(MONEY_COLUMNS.map((c) => [c, a[MONEY_TERMS[c]] ?? ''])) as Record<
                MoneyColumn,
                string
              >,
            );
            return;
          case '编制信息':
            readOrigin(tree, adapter, '编制信息', a, ORIGIN_TERMS);
            return;
          case '基数':
            tree.addBase(a.名称, a.金额);
            return;
          case '项目特征':
            features.start();
            return;
        }
      },
      text(text) {
        features.add(text);
      },
      close(name) {
        if (PROVINCE_LEVELS[name]) tree.closeNode();
        else if (name === '项目特征' && item) item.features = features.end();
        else if (item && PROVINCE_ITEMS[name]) {
          const { list, a } = item;
          tree.addItem(list, {
            code: a.项目编码 ?? a.编码,
            name: a.项目名称 ?? a.名称,
            features: item.features,
            unit: a.计量单位,
            quantity: a.工程量,
            unitPrice: a.综合单价,
            total: a.综合合价 ?? a.金额,
            rate: a.费率,
            base: a.计算基础,
            category: provinceCategory(a),
          });
          item = null;
        }
      },
    };
    return adapter;
  },
};

export const LAYOUTS: readonly LayoutDefinition[] = [KS_COST_XML, PROVINCE_CN];

/** The "why none" message: the root found and the roots each known layout starts with. */
export function unknownLayoutMessage(root: string): string {
  const known = LAYOUTS.map((l) => `<${l.root}>（${l.id}，${l.title}）`).join('、');
  return `无法识别的造价文件格式：根元素为 <${root.slice(0, 60)}>，支持的格式为 ${known}`;
}
