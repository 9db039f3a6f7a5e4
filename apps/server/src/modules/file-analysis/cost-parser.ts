import { createHash } from 'node:crypto';
import { SaxesParser, type SaxesTag } from 'saxes';
import {
  type CostFileKind,
  CostParseError,
  type FileOrigin,
  type ParsedItem,
  type ParsedNode,
  type TaxMethod,
  TreeBuilder,
} from './cost-tree.ts';
import { LAYOUTS, type LayoutAdapter, type LayoutDefinition, unknownLayoutMessage } from './layouts.ts';

/**
 * The streaming cost-file parser (decision 0042): bytes → a strict decoder (UTF-8 or GB18030,
 * as the XML declaration says) → saxes → the adapter of the layout the root element names → rows
 * handed to `sink` in batches. Nothing holds the document: memory is bounded by one input chunk,
 * the longest run of text between two tags (`maxTextChars`) and one batch of rows.
 *
 * Refused with a Chinese message (CostParseError): a DOCTYPE (no DTD, so no entity expansion of any
 * kind), nesting deeper than the layout allows, a text run over the limit, bytes invalid in the
 * declared encoding, an encoding other than UTF-8/GBK, malformed or truncated XML, an unknown root,
 * and anything the layout's own rules refuse.
 */

export interface CostSink {
  nodes(rows: ParsedNode[]): Promise<void>;
  items(rows: ParsedItem[]): Promise<void>;
}

export interface ParseOptions {
  /** Longest run of characters without a '<' (one text node, one tag with its attributes). */
  maxTextChars?: number;
  /** Items handed to the sink at once. */
  batchSize?: number;
  signal?: AbortSignal;
}

export interface ParseResult {
  layout: string;
  layoutTitle: string;
  taxMethod: TaxMethod | null;
  declaredKind: CostFileKind | null;
  /** The header's origin (C20), null when the file has none. */
  origin: FileOrigin | null;
  nodeCount: number;
  itemCount: number;
  bytes: number;
  sha256: string;
}

export const DEFAULT_MAX_TEXT_CHARS = 1024 * 1024;
const DEFAULT_BATCH = 500;
/** Bytes read before the encoding is decided (the XML declaration sits at the very start). */
const SNIFF_BYTES = 512;

const ENCODINGS: Record<string, 'utf-8' | 'gb18030'> = {
  'utf-8': 'utf-8',
  utf8: 'utf-8',
  gbk: 'gb18030',
  gb2312: 'gb18030',
  gb18030: 'gb18030',
  'x-gbk': 'gb18030',
  cp936: 'gb18030',
};

/** The decoder the file's first bytes ask for, or the refusal. */
export function decoderFor(head: Buffer): { decoder: TextDecoder; declared: string; skip: number } {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) {
    return { decoder: new TextDecoder('utf-8', { fatal: true }), declared: 'UTF-8', skip: 3 };
  }
  if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)) {
    throw new CostParseError('不支持的文件编码 UTF-16，请将造价文件保存为 UTF-8 或 GBK 编码');
  }
  const declaration = /^\s*<\?xml[^>]*?encoding\s*=\s*["']([^"']{1,40})["']/.exec(head.toString('latin1'));
  const declared = declaration?.[1] ?? 'UTF-8';
  const encoding = ENCODINGS[declared.toLowerCase()];
  if (!encoding) {
    throw new CostParseError(`不支持的文件编码“${declared}”，请将造价文件保存为 UTF-8 或 GBK 编码`);
  }
  return { decoder: new TextDecoder(encoding, { fatal: true }), declared, skip: 0 };
}

export async function parseCostXml(
  source: AsyncIterable<Buffer | Uint8Array | string>,
  sink: CostSink,
  options: ParseOptions = {},
): Promise<ParseResult> {
  const maxText = options.maxTextChars ?? DEFAULT_MAX_TEXT_CHARS;
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  const hash = createHash('sha256');
  let bytes = 0;

  const xml = new SaxesParser({ position: true });
  const tree = new TreeBuilder(() => `第 ${xml.line} 行：`);
  let layout: LayoutDefinition | null = null;
  let adapter: LayoutAdapter | null = null;
  const names: string[] = [];
  let sawRoot = false;

  xml.on('doctype', () => {
    throw new CostParseError(
      `第 ${xml.line} 行：文件包含 DOCTYPE 声明，为防止实体扩展攻击，造价文件不允许 DTD 和实体定义`,
    );
  });
  xml.on('error', (error) => {
    throw new CostParseError(
      `XML 格式错误（第 ${xml.line} 行第 ${xml.column} 列）：${saxMessage(error.message)}`,
    );
  });
  xml.on('opentag', (tag: SaxesTag) => {
    const parent = names.at(-1) ?? '';
    if (!layout) {
      layout = LAYOUTS.find((l) => l.root === tag.name) ?? null;
      if (!layout) throw new CostParseError(unknownLayoutMessage(tag.name));
      adapter = layout.create(tree);
      sawRoot = true;
    }
    if (names.length + 1 > layout.maxDepth) {
      tree.fail(`元素嵌套超过 ${layout.maxDepth} 层（${layout.id} 格式允许的最大层级）`);
    }
    const allowed = layout.parents[tag.name];
    if (!allowed) return tree.fail(`<${tag.name.slice(0, 60)}> 不是 ${layout.id} 格式的元素`);
    if (!allowed.includes(parent)) {
      tree.fail(parent ? `<${tag.name}> 不能出现在 <${parent}> 之中` : `<${tag.name}> 不能作为根元素`);
    }
    names.push(tag.name);
    adapter?.open(tag.name, tag.attributes as Record<string, string>);
  });
  xml.on('text', (text) => adapter?.text(text));
  xml.on('cdata', (text) => adapter?.text(text));
  xml.on('closetag', (tag) => {
    adapter?.close(tag.name);
    names.pop();
  });

  const flush = async (all: boolean) => {
    if (tree.pendingNodes.length > 0 && (all || tree.pendingNodes.length >= batchSize)) {
      await sink.nodes(tree.pendingNodes.splice(0));
    }
    while (tree.pendingItems.length >= batchSize || (all && tree.pendingItems.length > 0)) {
      await sink.items(tree.pendingItems.splice(0, batchSize));
    }
  };

  let decoding: { decoder: TextDecoder; declared: string } | null = null;
  let head: Buffer[] = [];
  let headBytes = 0;
  let run = 0;

  const feed = async (buffer: Buffer, final: boolean) => {
    let text: string;
    try {
      text = (decoding as { decoder: TextDecoder }).decoder.decode(buffer, { stream: !final });
    } catch {
      throw new CostParseError(
        `文件编码错误：内容不是有效的 ${(decoding as { declared: string }).declared} 编码，请检查文件的实际编码与 XML 声明是否一致`,
      );
    }
    // The longest run without '<' is checked before saxes sees the text: saxes would buffer it whole.
    let from = 0;
    for (;;) {
      const at = text.indexOf('<', from);
      if (at < 0) {
        run += text.length - from;
        break;
      }
      run += at - from;
      if (run > maxText) break;
      run = 0;
      from = at + 1;
    }
    if (run > maxText) {
      throw new CostParseError(
        `第 ${xml.line} 行附近：单个文本节点或标记超过 ${Math.round(maxText / 1024)} KB，文件不是有效的造价文件`,
      );
    }
    xml.write(text);
    await flush(false);
  };

  const start = async (final: boolean) => {
    const all = Buffer.concat(head);
    head = [];
    const chosen = decoderFor(all);
    decoding = chosen;
    await feed(all.subarray(chosen.skip), final);
  };

  for await (const chunk of source) {
    if (options.signal?.aborted) throw new CostParseError('解析已中止');
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk);
    hash.update(buffer);
    bytes += buffer.length;
    if (!decoding) {
      head.push(buffer);
      headBytes += buffer.length;
      if (headBytes >= SNIFF_BYTES) await start(false);
      continue;
    }
    await feed(buffer, false);
  }
  if (!decoding) await start(true);
  else await feed(Buffer.alloc(0), true);

  if (!sawRoot) throw new CostParseError('文件为空或不包含 XML 根元素');
  if (names.length > 0) {
    throw new CostParseError(`文件不完整：XML 在 <${names.at(-1)}> 元素结束前中断（文件可能被截断）`);
  }
  xml.close();
  tree.finish();
  await flush(true);
  const found = layout as unknown as LayoutDefinition;
  const result = adapter as unknown as LayoutAdapter;
  return {
    layout: found.id,
    layoutTitle: found.title,
    taxMethod: result.taxMethod,
    declaredKind: result.declaredKind,
    origin: result.origin,
    nodeCount: tree.nodeCount,
    itemCount: tree.itemCount,
    bytes,
    sha256: hash.digest('hex'),
  };
}

/** saxes's English message without its `line:column:` prefix (the Chinese prefix says where). */
function saxMessage(message: string): string {
  return message.replace(/^[^:]*:\d+:\d+:\s*/, '').slice(0, 200);
}
