import { randomUUID } from 'node:crypto';

/**
 * What a layout adapter produces, whatever the file's element names: the summary tree (project →
 * single projects → unit projects) with their money columns, and the items of each
 * unit project's five lists (docs/domain.md §11). `TreeBuilder` enforces the nesting every layout must
 * have and hands finished rows to the parser, which writes them in batches.
 */

export const MONEY_COLUMNS = ['zzj', 'fbfxf', 'csxmf', 'aqwmsgf', 'qtxmf', 'gf', 'sj', 'zzsxxse'] as const;
export type MoneyColumn = (typeof MONEY_COLUMNS)[number];

/** Chinese names of the money columns (docs/domain.md §11), for messages and the province layout. */
export const MONEY_TERMS: Record<MoneyColumn, string> = {
  zzj: '工程总造价',
  fbfxf: '分部分项工程费',
  csxmf: '措施项目费',
  aqwmsgf: '安全文明施工费',
  qtxmf: '其他项目费',
  gf: '规费',
  sj: '税金',
  zzsxxse: '增值税销项税额',
};

export const COST_LISTS = ['fbfx', 'csxm', 'qtxm', 'gf', 'sj'] as const;
export type CostList = (typeof COST_LISTS)[number];
export const COST_LIST_TERMS: Record<CostList, string> = {
  fbfx: '分部分项工程',
  csxm: '措施项目',
  qtxm: '其他项目',
  gf: '规费',
  sj: '税金',
};

export const ITEM_CATEGORIES = [
  'provisional-sum',
  'provisional-price',
  'daywork',
  'contract-service',
  'safety',
  'enterprise-safety',
] as const;
export type ItemCategory = (typeof ITEM_CATEGORIES)[number];

export type NodeLevel = 'project' | 'single' | 'unit';
export const LEVEL_TERMS: Record<NodeLevel, string> = {
  project: '建设项目',
  single: '单项工程',
  unit: '单位工程',
};

export type TaxMethod = 'general' | 'simple';
export type CostFileKind = 'tender-boq' | 'control-price' | 'bid';

/**
 * Where a file was made, as its header says (all optional): the pricing program, its version, the
 * program's lock (加密锁) serial and the machine's identifiers. C20 compares them across bidders.
 */
export const ORIGIN_FIELDS = [
  'software',
  'softwareVersion',
  'lockSerial',
  'machineCode',
  'macAddress',
] as const;
export type OriginField = (typeof ORIGIN_FIELDS)[number];
export type FileOrigin = Partial<Record<OriginField, string>>;
export const ORIGIN_TERMS: Record<OriginField, string> = {
  software: '软件名称',
  softwareVersion: '软件版本',
  lockSerial: '加密锁号',
  machineCode: '机器码',
  macAddress: '网卡地址',
};
/** Longest value of one origin field. */
export const ORIGIN_MAX = 100;
export const KIND_TERMS: Record<CostFileKind, string> = {
  'tender-boq': '招标工程量清单',
  'control-price': '招标控制价',
  bid: '投标报价',
};

export interface ParsedNode {
  id: string;
  parentId: string | null;
  level: NodeLevel;
  path: string;
  code: string;
  name: string;
  zy: string | null;
  money: Record<MoneyColumn, string>;
  bases: Record<string, string>;
}

export interface ParsedItem {
  unitNodeId: string;
  seq: number;
  list: CostList;
  category: ItemCategory | null;
  code: string;
  name: string;
  features: string | null;
  unit: string | null;
  quantity: string | null;
  unitPrice: string | null;
  total: string;
  rate: string | null;
  base: string | null;
}

/** A refusal with the message a person reads (Chinese); the parse stores it as the file's error. */
export class CostParseError extends Error {
  override name = 'CostParseError';
}

/** Decimal text as the file writes it: up to 16 integer digits and 6 decimals, optional minus. */
const DECIMAL = /^-?\d{1,16}(\.\d{1,6})?$/;
export const CODE_MAX = 64;
export const NAME_MAX = 500;

interface OpenNode {
  node: ParsedNode;
  children: number;
  money: Partial<Record<MoneyColumn, string>>;
  items: number;
}

/** Builds the tree as the adapter walks the document; `where()` prefixes messages with the line. */
export class TreeBuilder {
  private readonly stack: OpenNode[] = [];
  private projects = 0;
  nodeCount = 0;
  itemCount = 0;
  readonly pendingNodes: ParsedNode[] = [];
  readonly pendingItems: ParsedItem[] = [];

  constructor(private readonly where: () => string) {}

  fail(message: string): never {
    throw new CostParseError(`${this.where()}${message}`);
  }

  /** A decimal or a clear refusal naming what it was. */
  decimal(value: string | undefined, what: string, required: true): string;
  decimal(value: string | undefined, what: string, required: false): string | null;
  decimal(value: string | undefined, what: string, required: boolean): string | null {
    const text = value?.trim().replace(/,/g, '') ?? '';
    if (text === '') {
      if (required) this.fail(`缺少${what}`);
      return null;
    }
    if (!DECIMAL.test(text)) this.fail(`${what}“${text.slice(0, 40)}”不是有效的数值`);
    return text;
  }

  text(value: string | undefined, what: string, max: number): string {
    const text = value?.trim() ?? '';
    if (text === '') this.fail(`缺少${what}`);
    if (text.length > max) this.fail(`${what}超过 ${max} 个字符`);
    return text;
  }

  get current(): OpenNode | undefined {
    return this.stack.at(-1);
  }

  openNode(level: NodeLevel, fields: { code?: string; name?: string; zy?: string }): void {
    const parent = this.current;
    const term = LEVEL_TERMS[level];
    if (level === 'project') {
      if (parent) this.fail('建设项目不能嵌套在其他节点中');
      if (this.projects > 0) this.fail('一个造价文件只能包含一个建设项目');
      this.projects++;
    } else if (level === 'single' && parent?.node.level !== 'project') {
      this.fail('单项工程必须位于建设项目之下');
    } else if (level === 'unit' && parent?.node.level !== 'single') {
      this.fail('单位工程必须位于单项工程之下');
    }
    const code = this.text(fields.code, `${term}编码`, CODE_MAX);
    const name = this.text(fields.name, `${term}名称`, NAME_MAX);
    const zy = fields.zy?.trim() ? fields.zy.trim().slice(0, 100) : null;
    if (parent) parent.children++;
    const path = parent ? `${parent.node.path}.${parent.children}` : '1';
    this.stack.push({
      node: {
        id: randomUUID(),
        parentId: parent?.node.id ?? null,
        level,
        path,
        code,
        name,
        zy,
        money: {} as Record<MoneyColumn, string>,
        bases: {},
      },
      children: 0,
      money: {},
      items: 0,
    });
  }

  /** Money columns of the open node, given as column → text (attributes or a summary element). */
  setMoney(values: Partial<Record<MoneyColumn, string | undefined>>): void {
    const open = this.requireOpen();
    for (const column of MONEY_COLUMNS) {
      const value = values[column];
      if (value === undefined) continue;
      open.money[column] = this.decimal(
        value,
        `${this.label(open)}的${MONEY_TERMS[column]}（${column}）`,
        true,
      );
    }
  }

  addBase(name: string | undefined, amount: string | undefined): void {
    const open = this.requireOpen();
    if (open.node.level !== 'unit') this.fail('取费基数只能属于单位工程');
    const key = this.text(name, '取费基数名称', 100);
    open.node.bases[key] = this.decimal(amount, `取费基数“${key}”的金额`, true);
  }

  closeNode(): void {
    const open = this.stack.pop();
    if (!open) this.fail('节点结束标记多余');
    for (const column of MONEY_COLUMNS) {
      if (open.money[column] === undefined) {
        this.fail(`${this.label(open)}缺少${MONEY_TERMS[column]}（${column}）`);
      }
    }
    open.node.money = open.money as Record<MoneyColumn, string>;
    this.pendingNodes.push(open.node);
    this.nodeCount++;
  }

  addItem(
    list: CostList,
    fields: {
      code?: string;
      name?: string;
      features?: string | null;
      unit?: string;
      quantity?: string;
      unitPrice?: string;
      total?: string;
      rate?: string;
      base?: string;
      category?: ItemCategory | null;
    },
  ): void {
    const open = this.current;
    if (open?.node.level !== 'unit') this.fail('清单项必须位于单位工程的清单之中');
    const code = this.text(fields.code, `${COST_LIST_TERMS[list]}清单项的项目编码`, CODE_MAX);
    const label = `清单项 ${code} 的`;
    const name = this.text(fields.name, `${label}项目名称`, NAME_MAX);
    const features = fields.features?.trim() ? fields.features.trim() : null;
    if (features && features.length > 4000) this.fail(`${label}项目特征超过 4000 个字符`);
    const unit = fields.unit?.trim() ? fields.unit.trim().slice(0, 20) : null;
    open.items++;
    this.itemCount++;
    this.pendingItems.push({
      unitNodeId: open.node.id,
      seq: open.items,
      list,
      category: fields.category ?? null,
      code,
      name,
      features,
      unit,
      quantity: this.decimal(fields.quantity, `${label}工程量`, false),
      unitPrice: this.decimal(fields.unitPrice, `${label}综合单价`, false),
      total: this.decimal(fields.total, `${label}合价`, false) ?? '0',
      rate: this.decimal(fields.rate, `${label}费率`, false),
      base: fields.base?.trim() ? fields.base.trim().slice(0, 200) : null,
    });
  }

  /** Whether every node was closed and the project seen (the end of a whole file). */
  finish(): void {
    if (this.stack.length > 0) this.fail(`${this.label(this.stack.at(-1) as OpenNode)}未结束，文件不完整`);
    if (this.projects === 0) this.fail('文件中没有建设项目');
  }

  private requireOpen(): OpenNode {
    const open = this.current;
    if (!open) this.fail('金额必须属于建设项目、单项工程或单位工程');
    return open;
  }

  private label(open: OpenNode): string {
    return `${LEVEL_TERMS[open.node.level]}“${open.node.name}”`;
  }
}
