import { CostRuleConfigSchema, DEFAULT_COMPOSITION } from '@ks/contract';
import { describe, expect, it } from 'vitest';
import { cents, percentOf, yuan } from '../money.ts';
import { DEFAULT_COST_RULES } from '../rules-defaults.ts';
import { cleanInput, none, setEverywhere, unitOf, Y } from './check-fixtures.ts';
import { CHECKS, runChecks } from './index.ts';
import type { CheckInput, ItemIssue } from './types.ts';

const defaultRow = () => {
  const row = DEFAULT_COST_RULES.rates[0];
  if (!row) throw new Error('no default rate row');
  return row;
};
const rule = (code: keyof typeof CHECKS, input: CheckInput) => CHECKS[code](input);
const issue = (values: Partial<ItemIssue>): ItemIssue => ({
  type: 'mismatch',
  unitNodeId: 'n3',
  unitPath: '1.1.1',
  unitName: '1号楼建筑工程',
  code: '010101001001',
  name: '平整场地',
  expected: null,
  found: null,
  ...values,
});

describe('money', () => {
  it('parses, rounds and formats exactly', () => {
    expect(cents('1234.5')).toBe(123450n);
    expect(cents('-0.07')).toBe(-7n);
    expect(cents('1.005')).toBe(101n);
    expect(yuan(-7n)).toBe('-0.07');
    expect(percentOf(Y('120000.00'), 3)).toBe(Y('3600.00'));
    expect(percentOf(Y('0.50'), 9)).toBe(5n); // 4.5 cents rounds half away from zero
    expect(() => cents('12a')).toThrow();
  });
});

describe('a consistent file passes every rule', () => {
  it.each(['bid', 'control-price'] as const)('%s', (kind) => {
    expect(runChecks(cleanInput(kind))).toEqual([]);
  });
});

describe('C1 roll-up', () => {
  it('flags a parent that is not the sum of its children', () => {
    const input = cleanInput();
    const project = input.nodes[0];
    if (project) project.money.fbfxf += 100n; // 1 yuan off, ε is 0.01 × 1 child
    const [finding] = rule('C1', input);
    expect(finding).toMatchObject({
      rule: 'C1',
      severity: 'error',
      nodeId: 'n1',
      expected: '1000000.00',
      found: '1000001.00',
    });
  });
  it('flags a unit column that is not the sum of its items', () => {
    const input = cleanInput();
    const totals = input.unitTotals.get('n3');
    if (totals?.lists.gf) totals.lists.gf.sum -= 500n;
    expect(rule('C1', input)).toEqual([
      expect.objectContaining({ message: '1号楼建筑工程的规费与规费项目明细合计不一致' }),
    ]);
  });
  it('reports units without items as skipped, not passed', () => {
    const input = cleanInput();
    input.unitTotals.clear();
    expect(rule('C1', input)).toEqual([expect.objectContaining({ severity: 'skipped' })]);
  });
});

describe('C2 composition', () => {
  it('flags Z ≠ F + C + Q + G + S', () => {
    const input = cleanInput();
    setEverywhere(input, 'zzj', '1315500.00');
    expect(rule('C2', input)).toHaveLength(3);
    expect(rule('C2', input)[0]).toMatchObject({
      expected: '1315456.00',
      found: '1315500.00',
      message: '示例项目的工程总造价不等于分部分项工程费、措施项目费、其他项目费、规费与税金之和',
    });
  });

  /** A 浙江 file whose unit declares a 地方水利建设基金 of 1,000 yuan, added into every Z. */
  const zhejiang = (levy: string, z: string) => {
    const input = cleanInput();
    input.region = '330000';
    unitOf(input).bases.地方水利建设基金 = Y(levy);
    setEverywhere(input, 'zzj', z);
    return input;
  };
  it('adds the regional levy where the rule set says so (浙江)', () => {
    expect(rule('C2', zhejiang('1000.00', '1316456.00'))).toEqual([]);
    // Without the levy in Z the regional formula fails on every node, the unit's named.
    const short = rule('C2', zhejiang('1000.00', '1315456.00'));
    expect(short).toHaveLength(3);
    expect(short[2]).toMatchObject({
      nodeId: 'n3',
      expected: '1316456.00',
      found: '1315456.00',
      message:
        '1号楼建筑工程的工程总造价不等于分部分项工程费、措施项目费、其他项目费、规费、税金与地方水利建设基金之和',
    });
    // A 浙江 file that declares no levy sums as before.
    expect(rule('C2', zhejiang('0.00', '1315456.00'))).toEqual([]);
  });
  it('keeps the national formula for other regions, even when a unit declares the levy', () => {
    const input = zhejiang('1000.00', '1316456.00');
    input.region = '110000';
    expect(rule('C2', input)[0]).toMatchObject({ rule: 'C2', expected: '1315456.00' });
  });
  it('sums a single and the project over the levies of all their units', () => {
    const input = zhejiang('1000.00', '1316456.00');
    const second = structuredClone(unitOf(input));
    Object.assign(second, {
      id: 'n4',
      path: '1.1.2',
      bases: { ...second.bases, 地方水利建设基金: Y('500.00') },
    });
    input.nodes.push(second);
    // The unit n4's own Z is 1,316,456 but its levy is 500: it is off by 500, and the parents
    // (whose other columns the fixture leaves at one unit's) now expect both levies.
    expect(rule('C2', input).map((f) => f.nodeId)).toEqual(['n1', 'n2', 'n4']);
    expect(rule('C2', input)[0]).toMatchObject({ expected: '1316956.00' });
  });
  it('reads the formula from the rule set: a region may sum V instead of S', () => {
    const input = cleanInput();
    input.config.composition.push({
      region: '110000',
      terms: ['fbfxf', 'csxmf', 'qtxmf', 'gf', 'zzsxxse'],
      extras: [],
      verified: false,
      description: '',
    });
    expect(rule('C2', input)[0]).toMatchObject({ expected: '1302550.00', found: '1315456.00' });
    setEverywhere(input, 'zzj', '1302550.00');
    expect(rule('C2', input)).toEqual([]);
  });
  it('versions saved before the formula existed read the national one', () => {
    const { composition: _c, complaintThresholdPercent: _t, ...old } = DEFAULT_COST_RULES;
    const parsed = CostRuleConfigSchema.parse(old);
    expect(parsed.composition).toEqual([DEFAULT_COMPOSITION]);
    expect(parsed.complaintThresholdPercent).toBe(3);
  });
  it('refuses a rule set without a default formula or with a region twice', () => {
    const noDefault = { ...DEFAULT_COST_RULES, composition: DEFAULT_COST_RULES.composition.slice(1) };
    expect(CostRuleConfigSchema.safeParse(noDefault).error?.issues[0]?.message).toBe(
      '造价构成公式中必须有一条适用于所有地区的默认公式',
    );
    const twice = { ...DEFAULT_COST_RULES, composition: [DEFAULT_COMPOSITION, DEFAULT_COMPOSITION] };
    expect(CostRuleConfigSchema.safeParse(twice).error?.issues[0]?.message).toBe(
      '每个地区只能有一条造价构成公式',
    );
    const repeated = {
      ...DEFAULT_COST_RULES,
      composition: [{ ...DEFAULT_COMPOSITION, terms: ['fbfxf', 'fbfxf'] }],
    };
    expect(CostRuleConfigSchema.safeParse(repeated).error?.issues[0]?.message).toBe('造价构成项不能重复');
  });
});

describe('C3 safety fee within measures', () => {
  it('flags A ≤ 0, A > C and A counted twice', () => {
    const zero = cleanInput();
    unitOf(zero).money.aqwmsgf = 0n;
    expect(rule('C3', zero)[0]?.message).toContain('未计取安全文明施工费');
    const over = cleanInput();
    unitOf(over).money.aqwmsgf = Y('60000.00');
    expect(rule('C3', over)[0]?.message).toContain('大于措施项目费');
    const twice = cleanInput();
    unitOf(twice).money.zzj += Y('3600.00');
    expect(rule('C3', twice)[0]?.message).toContain('重复计入');
  });
});

describe('C4 safety-fee rate', () => {
  it('control price: must match base × rate', () => {
    const input = cleanInput('control-price');
    unitOf(input).money.aqwmsgf = Y('3000.00');
    expect(rule('C4', input)[0]).toMatchObject({
      severity: 'warning',
      expected: '3600.00',
      found: '3000.00',
    });
  });
  it('bid: below the regulated amount fails, unless within the 90 % floor when it is on', () => {
    const input = cleanInput('bid');
    unitOf(input).money.aqwmsgf = Y('3300.00');
    expect(rule('C4', input)[0]?.expected).toBe('不低于 3600.00');
    input.config.safetyFloor.enabled = true;
    expect(rule('C4', input)).toEqual([]);
    unitOf(input).money.aqwmsgf = Y('3000.00');
    expect(rule('C4', input)[0]?.expected).toBe('不低于 3240.00');
  });
  it('uses the most specific rate row, and skips when a base is missing', () => {
    const input = cleanInput('control-price');
    input.config.rates.push({
      ...defaultRow(),
      region: '110000',
      zy: '建筑工程',
      safetyRatePercent: 2,
    });
    expect(rule('C4', input)[0]?.expected).toBe('2400.00');
    const missing = cleanInput();
    unitOf(missing).bases = { 人工费: Y('1.00') };
    expect(rule('C4', missing)[0]).toMatchObject({ severity: 'skipped' });
    expect(rule('C4', missing)[0]?.message).toContain('机械费');
  });
});

describe('C5 safety-fee base', () => {
  it('flags a base other than the specialty’s, skips when undeclared', () => {
    const input = cleanInput();
    const safety = input.feeItems[0];
    if (safety) safety.base = '人工费';
    expect(rule('C5', input)[0]).toMatchObject({
      expected: '人工费+机械费',
      found: '人工费',
      itemCode: '011707001001',
    });
    if (safety) safety.base = '机械费＋人工费';
    expect(rule('C5', input)).toEqual([]);
    if (safety) safety.base = null;
    expect(rule('C5', input)[0]?.severity).toBe('skipped');
  });
});

describe('C6 enterprise safety-production fee', () => {
  it('flags it missing or below rate × construction cost, skips an unmapped specialty', () => {
    const input = cleanInput();
    const totals = input.unitTotals.get('n3');
    if (totals) totals.categories['enterprise-safety'] = { sum: Y('30000.00'), count: 1 };
    expect(rule('C6', input)[0]).toMatchObject({ expected: '不低于 39463.68', found: '30000.00' });
    if (totals) delete totals.categories['enterprise-safety'];
    expect(rule('C6', input)[0]?.message).toContain('未单独列出');
    unitOf(input).zy = '矿业工程';
    expect(rule('C6', input)[0]?.severity).toBe('skipped');
  });
});

describe('C7 规费 rate', () => {
  it('flags G off its regulated rate beyond the tolerance', () => {
    const input = cleanInput();
    unitOf(input).money.gf = Y('24800.00'); // 0.8 % off, tolerance 0.5 %
    expect(rule('C7', input)[0]).toMatchObject({ expected: '25000.00', found: '24800.00' });
    unitOf(input).money.gf = Y('24900.00'); // 0.4 % off
    expect(rule('C7', input)).toEqual([]);
  });
});

describe('C8/C9 VAT', () => {
  it('general method at 9 %', () => {
    const input = cleanInput();
    unitOf(input).money.zzsxxse = Y('119500.00'); // 10 %
    expect(rule('C8', input)[0]).toMatchObject({ expected: '107550.00' });
    expect(rule('C9', input)).toEqual([]);
  });
  it('simple method at 3 %', () => {
    const input = cleanInput();
    input.file.taxMethod = 'simple';
    expect(rule('C9', input)[0]).toMatchObject({ expected: '35850.00', found: '107550.00' });
    unitOf(input).money.zzsxxse = Y('35850.00');
    expect(rule('C9', input)).toEqual([]);
  });
  it('without a tax method both are skipped', () => {
    const input = cleanInput();
    input.file.taxMethod = null;
    expect(rule('C8', input)[0]?.severity).toBe('skipped');
    expect(rule('C9', input)[0]?.severity).toBe('skipped');
  });
});

describe('C10 taxes', () => {
  it('S = V + surcharges, or S = V where surcharges sit in 管理费 (浙江)', () => {
    const input = cleanInput();
    unitOf(input).money.sj = Y('107550.00');
    expect(rule('C10', input)[0]).toMatchObject({ expected: '120456.00' });
    input.region = '330000';
    expect(rule('C10', input)).toEqual([]);
  });
});

describe('C11 provisional sum', () => {
  it('bid: equal to the tender BOQ’s', () => {
    const input = cleanInput('bid');
    const totals = input.unitTotals.get('n3');
    if (totals) totals.categories['provisional-sum'] = { sum: Y('100000.00'), count: 1 };
    expect(rule('C11', input)[0]).toMatchObject({ expected: '120000.00', found: '100000.00' });
    input.tender = null;
    expect(rule('C11', input)[0]?.severity).toBe('skipped');
  });
  it('control price: within 10–15 % of F', () => {
    const input = cleanInput('control-price');
    const totals = input.unitTotals.get('n3');
    if (totals) totals.categories['provisional-sum'] = { sum: Y('200000.00'), count: 1 };
    expect(rule('C11', input)[0]?.message).toContain('20.00%');
  });
});

describe('C12–C16 item rules from the SQL comparisons', () => {
  it('C12 provisional prices changed, skipped without the tender BOQ', () => {
    const input = cleanInput();
    input.items.provisionalPrices = {
      rows: [issue({ field: 'unitPrice', expected: '500.00', found: '450.00' })],
      total: 1,
    };
    expect(rule('C12', input)[0]).toMatchObject({
      severity: 'error',
      expected: '500.00',
      itemCode: '010101001001',
    });
    input.items.provisionalPrices = null;
    expect(rule('C12', input)[0]?.severity).toBe('skipped');
  });
  it('C13 dayworks missing', () => {
    const input = cleanInput();
    input.items.dayworks = { rows: [issue({ type: 'missing', code: 'JRG001', name: '普工' })], total: 1 };
    expect(rule('C13', input)[0]?.message).toBe(
      '1号楼建筑工程缺少招标工程量清单中的计日工或总承包服务费项目 JRG001（普工）',
    );
  });
  it('C14 duplicates, extra items and changed quantities; more than listed are counted', () => {
    const input = cleanInput();
    input.items.duplicates = { rows: [issue({ type: 'duplicate', expected: '1', found: '2' })], total: 1 };
    input.items.identity = {
      rows: [issue({ type: 'extra' }), issue({ field: 'quantity', expected: '10.0000', found: '12.0000' })],
      total: 250,
    };
    const findings = rule('C14', input);
    expect(findings.map((f) => f.message)).toEqual([
      '1号楼建筑工程的清单项目 010101001001（平整场地）重复出现',
      '1号楼建筑工程的清单项目 010101001001（平整场地）不在招标工程量清单中',
      '1号楼建筑工程的清单项目 010101001001（平整场地）的工程量与招标工程量清单不一致',
      '另有 248 处同类问题未逐条列出',
    ]);
    input.items.identity = null;
    expect(rule('C14', input).at(-1)?.severity).toBe('skipped');
  });
  it('C15 negative is an error, zero a warning', () => {
    const input = cleanInput();
    input.items.prices = {
      rows: [issue({ type: 'negative', found: '-1.00' }), issue({ type: 'zero', found: '未报价' })],
      total: 2,
    };
    expect(rule('C15', input).map((f) => f.severity)).toEqual(['error', 'warning']);
  });
  it('C16 total ≠ round(quantity × unit price)', () => {
    const input = cleanInput();
    input.items.totals = { rows: [issue({ type: 'total', expected: '123.46', found: '123.00' })], total: 1 };
    expect(rule('C16', input)[0]).toMatchObject({ severity: 'error', expected: '123.46', found: '123.00' });
    input.items.totals = none();
    expect(rule('C16', input)).toEqual([]);
  });
});

describe('C17 declared rates', () => {
  it('flags a 规费 rate or base unlike the definition, skips when none is declared', () => {
    const input = cleanInput();
    const gf = input.feeItems[1];
    if (gf) {
      gf.rate = '20.0000';
      gf.base = '人工费+机械费';
    }
    expect(rule('C17', input).map((f) => f.expected)).toEqual(['25%', '人工费']);
    input.feeItems = [];
    expect(rule('C17', input)[0]?.severity).toBe('skipped');
  });
});

describe('C18–C20 against the control price and the other bidders', () => {
  it('C18 a bid above the control price', () => {
    const input = cleanInput();
    input.controlTotal = Y('1300000.00');
    expect(rule('C18', input)[0]).toMatchObject({ severity: 'error', nodeId: 'n1', found: '1315456.00' });
    input.controlTotal = null;
    expect(rule('C18', input)[0]?.severity).toBe('skipped');
    expect(rule('C18', cleanInput('control-price'))).toEqual([]);
  });
  it('C18 a control price above the approved estimate', () => {
    const input = cleanInput('control-price');
    input.approvedEstimate = Y('1315455.99');
    expect(rule('C18', input)).toEqual([
      expect.objectContaining({
        severity: 'error',
        nodeId: 'n1',
        message: '招标控制价超过批准的概算，招标人应将其报原概算审批部门审核',
        expected: '不高于 1315455.99',
        found: '1315456.00',
      }),
    ]);
    input.approvedEstimate = Y('1315456.00');
    expect(rule('C18', input)).toEqual([]);
    input.approvedEstimate = null;
    expect(rule('C18', input)).toEqual([
      expect.objectContaining({
        severity: 'skipped',
        message: '项目未设置批准的概算，未核对招标控制价是否超过概算',
      }),
    ]);
  });
  it('C18 a published control price beyond the complaint threshold of its re-computed total', () => {
    // Re-computed from the items: 1,315,456. 3 % of it is 39,463.68.
    const within = cleanInput('control-price');
    setEverywhere(within, 'zzj', '1354919.68');
    expect(rule('C18', within)).toEqual([]);
    const beyond = cleanInput('control-price');
    setEverywhere(beyond, 'zzj', '1354919.69');
    expect(rule('C18', beyond)).toEqual([
      expect.objectContaining({
        severity: 'error',
        expected: '1315456.00（±3%）',
        found: '1354919.69',
        message: expect.stringContaining('超过 ±3% 的投诉复查误差，应责成招标人改正'),
      }),
    ]);
    const below = cleanInput('control-price');
    setEverywhere(below, 'zzj', '1275992.31');
    expect(rule('C18', below)[0]?.message).toContain('相差 3.00%');
    // The percentage is the rule set's.
    beyond.config.complaintThresholdPercent = 5;
    expect(rule('C18', beyond)).toEqual([]);
    // Items missing: nothing to re-compute from, so no claim (C1 says the unit was not checked).
    beyond.config.complaintThresholdPercent = 3;
    beyond.unitTotals.clear();
    expect(rule('C18', beyond)).toEqual([]);
  });
  it('C18 re-computes by the region formula, with its levy', () => {
    const input = cleanInput('control-price');
    input.region = '330000';
    unitOf(input).bases.地方水利建设基金 = Y('50000.00');
    setEverywhere(input, 'zzj', '1365456.00');
    expect(rule('C18', input)).toEqual([]);
    input.region = '110000';
    expect(rule('C18', input)[0]?.expected).toBe('1315456.00（±3%）');
  });
  it('C19 far below the control price is a committee flag', () => {
    const input = cleanInput();
    input.controlTotal = Y('2000000.00');
    expect(rule('C19', input)[0]).toMatchObject({ severity: 'flag', expected: '不低于 1700000.00' });
  });
  it('C20 the same file as another bidder', () => {
    const input = cleanInput();
    input.otherBids.push({ id: 'f3', bidderName: '丙公司', sha256: 'aaa', origin: null });
    expect(rule('C20', input)[0]).toMatchObject({ severity: 'flag' });
    expect(rule('C20', input)[0]?.message).toContain('丙公司');
    input.file.sha256 = null;
    expect(rule('C20', input)[0]?.severity).toBe('skipped');
  });
  it('C20 the same lock serial or machine identifiers as another bidder', () => {
    const input = cleanInput();
    input.otherBids.push({
      id: 'f3',
      bidderName: '丙公司',
      sha256: 'ccc',
      origin: { lockSerial: ' lock-a ', machineCode: 'M-C', macAddress: '00:1a:2b:3c:4d:5e' },
    });
    const found = rule('C20', input);
    expect(found).toEqual([
      expect.objectContaining({
        severity: 'flag',
        message: '投标文件的加密锁号与丙公司的相同，可能由同一台计算机或同一加密锁编制，请评标委员会关注',
        found: '加密锁号 LOCK-A',
      }),
      expect.objectContaining({ severity: 'flag', message: expect.stringContaining('网卡地址与丙公司') }),
    ]);
    // The committee is informed, nothing is rejected.
    expect(found.every((f) => f.severity === 'flag')).toBe(true);
  });
  it('C20 a bid without identifiers says what it could not compare', () => {
    const input = cleanInput();
    input.file.origin = { software: '计价软件' };
    expect(rule('C20', input)).toEqual([
      expect.objectContaining({
        severity: 'skipped',
        message: '该投标文件未载明加密锁号、机器码或网卡地址，未核对编制设备雷同',
      }),
    ]);
    // Another bid that also lacks them is not "the same" as it.
    input.file.origin = { lockSerial: 'LOCK-Z' };
    input.otherBids.push({ id: 'f3', bidderName: '丙公司', sha256: 'ccc', origin: {} });
    expect(rule('C20', input)).toEqual([]);
  });
});
