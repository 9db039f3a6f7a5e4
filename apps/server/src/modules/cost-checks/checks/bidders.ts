import type { CompositionTerm } from '@ks/contract';
import { ORIGIN_TERMS, type OriginField } from '../../file-analysis/public.ts';
import { abs, percentOf, shareOf, yuan } from '../money.ts';
import { compositionFor } from './summary.ts';
import {
  type Check,
  type CheckInput,
  type FindingDraft,
  type ItemList,
  noNode,
  onNode,
  unitsOf,
} from './types.ts';

const projectNode = (input: CheckInput) => input.nodes.find((n) => n.level === 'project') ?? null;

const noControl = (rule: 'C18' | 'C19'): FindingDraft => ({
  rule,
  severity: 'skipped',
  message: '项目没有已解析的招标控制价，未核对投标报价与招标控制价的关系',
  expected: null,
  found: null,
  ...noNode,
  itemCode: null,
});

/** C18 (hard with the control price): a bid's total does not exceed the control price. */
function bidWithinControl(input: CheckInput): FindingDraft[] {
  const project = projectNode(input);
  if (input.controlTotal === null || !project) return [noControl('C18')];
  if (project.money.zzj <= input.controlTotal) return [];
  return [
    {
      rule: 'C18',
      severity: 'error',
      message: `投标报价超过招标控制价，应予否决`,
      expected: `不高于 ${yuan(input.controlTotal)}`,
      found: yuan(project.money.zzj),
      ...onNode(project),
      itemCode: null,
    },
  ];
}

/** Which item list re-computes each summed money column (V has none: the declared amount). */
const LIST_OF_TERM: Record<CompositionTerm, ItemList | null> = {
  fbfxf: 'fbfx',
  csxmf: 'csxm',
  qtxmf: 'qtxm',
  gf: 'gf',
  sj: 'sj',
  zzsxxse: null,
};

/**
 * The control price as a review re-computes it: each unit project's items per list, summed by the
 * region's C2 formula (with its extras). Null when a unit project has no items to re-compute from.
 */
function recomputedTotal(input: CheckInput): bigint | null {
  const formula = compositionFor(input.config, input.region);
  let total = 0n;
  for (const unit of unitsOf(input)) {
    const totals = input.unitTotals.get(unit.id);
    if (!totals || totals.itemCount === 0) return null;
    for (const term of formula.terms) {
      const list = LIST_OF_TERM[term];
      total += list ? (totals.lists[list]?.sum ?? 0n) : unit.money[term];
    }
    for (const extra of formula.extras) total += unit.bases[extra] ?? 0n;
  }
  return total;
}

/**
 * C18 on the control price (hard): it does not exceed the project's approved estimate (概算), and
 * the published total does not differ from the re-computed one by more than the complaint
 * threshold (±3 %: beyond it the tenderer must correct the control price).
 */
function controlWithinEstimate(input: CheckInput): FindingDraft[] {
  const project = projectNode(input);
  if (!project) return [];
  const findings: FindingDraft[] = [];
  const z = project.money.zzj;
  if (input.approvedEstimate === null) {
    findings.push({
      rule: 'C18',
      severity: 'skipped',
      message: '项目未设置批准的概算，未核对招标控制价是否超过概算',
      expected: null,
      found: null,
      ...noNode,
      itemCode: null,
    });
  } else if (z > input.approvedEstimate) {
    findings.push({
      rule: 'C18',
      severity: 'error',
      message: '招标控制价超过批准的概算，招标人应将其报原概算审批部门审核',
      expected: `不高于 ${yuan(input.approvedEstimate)}`,
      found: yuan(z),
      ...onNode(project),
      itemCode: null,
    });
  }
  const recomputed = recomputedTotal(input);
  const threshold = input.config.complaintThresholdPercent;
  if (recomputed !== null && recomputed > 0n && abs(z - recomputed) > percentOf(recomputed, threshold)) {
    findings.push({
      rule: 'C18',
      severity: 'error',
      message: `招标控制价按清单明细复核为 ${yuan(recomputed)}，与公布的招标控制价相差 ${shareOf(abs(z - recomputed), recomputed)}，超过 ±${threshold}% 的投诉复查误差，应责成招标人改正`,
      expected: `${yuan(recomputed)}（±${threshold}%）`,
      found: yuan(z),
      ...onNode(project),
      itemCode: null,
    });
  }
  return findings;
}

/**
 * C18: a bid's total is not above the control price; the control price is not above the approved
 * estimate and within the complaint threshold of its re-computed total.
 */
export const checkBelowControl: Check = (input) =>
  input.file.kind === 'bid' ? bidWithinControl(input) : controlWithinEstimate(input);

/**
 * C19 (committee flag): a bid under the configured share of the control price may be below cost;
 * the committee asks for an explanation and alone decides.
 */
export const checkBelowCost: Check = (input) => {
  if (input.file.kind !== 'bid') return [];
  const project = projectNode(input);
  if (input.controlTotal === null || !project) return [noControl('C19')];
  const threshold = percentOf(input.controlTotal, input.config.lowPricePercent);
  if (project.money.zzj >= threshold) return [];
  return [
    {
      rule: 'C19',
      severity: 'flag',
      message: `投标报价低于招标控制价的 ${input.config.lowPricePercent}%，可能低于成本，请评标委员会要求投标人作出说明`,
      expected: `不低于 ${yuan(threshold)}`,
      found: yuan(project.money.zzj),
      ...onNode(project),
      itemCode: null,
    },
  ];
};

/** The identifiers C20 compares: equal values across bidders point to one machine or lock. */
const COMPARED_ORIGIN: OriginField[] = ['lockSerial', 'machineCode', 'macAddress'];
/** Case, spaces and separators (MAC addresses come as 00-1A-…, 00:1a:… or 001a…) do not count. */
const sameId = (value: string | undefined) => (value ?? '').replace(/[\s:-]/g, '').toUpperCase();

const sameFile = (input: CheckInput, sha256: string): FindingDraft[] => {
  const same = input.otherBids.filter((b) => b.id !== input.file.id && b.sha256 === sha256);
  if (same.length === 0) return [];
  return [
    {
      rule: 'C20',
      severity: 'flag',
      message: `投标文件与${same.map((b) => b.bidderName || '其他投标人').join('、')}的文件完全相同，请评标委员会关注`,
      expected: '各投标人文件互不相同',
      found: `文件指纹 ${sha256.slice(0, 16)}…`,
      ...noNode,
      itemCode: null,
    },
  ];
};

/** The lock serial and machine identifiers this bid shares with other bids, one flag each. */
const sameOrigin = (input: CheckInput): FindingDraft[] =>
  COMPARED_ORIGIN.flatMap((field): FindingDraft[] => {
    const mine = sameId(input.file.origin?.[field]);
    if (!mine) return [];
    const same = input.otherBids.filter((b) => b.id !== input.file.id && sameId(b.origin?.[field]) === mine);
    if (same.length === 0) return [];
    return [
      {
        rule: 'C20',
        severity: 'flag',
        message: `投标文件的${ORIGIN_TERMS[field]}与${same.map((b) => b.bidderName || '其他投标人').join('、')}的相同，可能由同一台计算机或同一加密锁编制，请评标委员会关注`,
        expected: `各投标人${ORIGIN_TERMS[field]}互不相同`,
        found: `${ORIGIN_TERMS[field]} ${input.file.origin?.[field] ?? ''}`,
        ...noNode,
        itemCode: null,
      },
    ];
  });

/**
 * C20 (committee flag): the same file (sha256), the same pricing-program lock serial or the same
 * machine identifiers in more than one bidder's file. The committee alone decides what follows.
 */
export const checkSameFile: Check = (input) => {
  if (input.file.kind !== 'bid') return [];
  const skipped = (message: string): FindingDraft => ({
    rule: 'C20',
    severity: 'skipped',
    message,
    expected: null,
    found: null,
    ...noNode,
    itemCode: null,
  });
  const findings = input.file.sha256
    ? sameFile(input, input.file.sha256)
    : [skipped('该投标文件没有文件指纹，未核对文件雷同')];
  if (!COMPARED_ORIGIN.some((field) => sameId(input.file.origin?.[field]))) {
    findings.push(skipped('该投标文件未载明加密锁号、机器码或网卡地址，未核对编制设备雷同'));
  } else {
    findings.push(...sameOrigin(input));
  }
  return findings;
};
