import { percentOf, yuan } from '../check-money.ts';
import { type Check, type CheckInput, type FindingDraft, noNode, onNode } from './types.ts';

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
export const checkBelowControl: Check = (input) => {
  if (input.file.kind !== 'bid') return [];
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
};

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

/** C20 (committee flag): the same file (sha256) submitted by more than one bidder. */
export const checkSameFile: Check = (input) => {
  if (input.file.kind !== 'bid') return [];
  if (!input.file.sha256) {
    return [
      {
        rule: 'C20',
        severity: 'skipped',
        message: '该投标文件没有文件指纹，未核对文件雷同',
        expected: null,
        found: null,
        ...noNode,
        itemCode: null,
      },
    ];
  }
  const same = input.otherBids.filter((b) => b.id !== input.file.id && b.sha256 === input.file.sha256);
  if (same.length === 0) return [];
  return [
    {
      rule: 'C20',
      severity: 'flag',
      message: `投标文件与${same.map((b) => b.bidderName || '其他投标人').join('、')}的文件完全相同，请评标委员会关注`,
      expected: '各投标人文件互不相同',
      found: `文件指纹 ${input.file.sha256.slice(0, 16)}…`,
      ...noNode,
      itemCode: null,
    },
  ];
};
