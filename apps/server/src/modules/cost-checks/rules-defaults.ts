import { type CostRateRow, type CostRuleConfig, DEFAULT_COMPOSITION } from '@ks/contract';

const row = (values: Partial<CostRateRow> & Pick<CostRateRow, 'description'>): CostRateRow => ({
  region: '*',
  zy: '*',
  taxMethod: '*',
  safetyRatePercent: 3,
  safetyBase: ['人工费', '机械费'],
  gfRatePercent: 25,
  gfBase: ['人工费'],
  surchargesInManagementFee: false,
  surchargeRatePercent: 12,
  verified: false,
  ...values,
});

/**
 * The seeded version 1 of the rule configuration, with the values docs/domain.md §11 gives. Where it
 * gives none (the provincial safety-fee and 规费 rates, the surcharges) the numbers are
 * placeholders an administrator replaces, and each row says it is unverified.
 */
export const DEFAULT_COST_RULES: CostRuleConfig = {
  epsilonYuan: 0.01,
  rateTolerancePercent: 0.5,
  safetyFloor: { enabled: false, percent: 90 },
  vat: { generalPercent: 9, simplePercent: 3 },
  rates: [
    row({
      description:
        '默认费率（未核实，占位值）：安全文明施工费以人工费+机械费为基础（房建、装饰、市政），规费以人工费为基础，附加税按增值税的 12% 计；请按本省取费定额修改',
    }),
    row({
      zy: '安装工程',
      safetyBase: ['人工费'],
      description: '安装工程：安全文明施工费以人工费为基础（云南规定；费率未核实，占位值）',
    }),
    row({
      region: '330000',
      surchargesInManagementFee: true,
      surchargeRatePercent: 0,
      description:
        '浙江：附加税计入管理费，税金等于增值税销项税额（浙建站定〔2016〕23号）；安全文明施工费与规费费率未核实，占位值',
    }),
  ],
  enterpriseSafety: {
    rates: [
      { projectType: '矿山工程', ratePercent: 3.5 },
      { projectType: '铁路工程', ratePercent: 3 },
      { projectType: '房屋建筑工程', ratePercent: 3 },
      { projectType: '城市轨道交通工程', ratePercent: 3 },
      { projectType: '水利水电工程', ratePercent: 2.5 },
      { projectType: '电力工程', ratePercent: 2.5 },
      { projectType: '冶炼工程', ratePercent: 2 },
      { projectType: '机电安装工程', ratePercent: 2 },
      { projectType: '化工石油工程', ratePercent: 2 },
      { projectType: '通信工程', ratePercent: 2 },
      { projectType: '市政公用工程', ratePercent: 1.5 },
      { projectType: '港口与航道工程', ratePercent: 1.5 },
      { projectType: '公路工程', ratePercent: 1.5 },
    ],
    zyProjectTypes: [
      { zy: '建筑工程', projectType: '房屋建筑工程' },
      { zy: '装饰工程', projectType: '房屋建筑工程' },
      { zy: '装饰装修工程', projectType: '房屋建筑工程' },
      { zy: '安装工程', projectType: '房屋建筑工程' },
      { zy: '市政工程', projectType: '市政公用工程' },
      { zy: '园林绿化工程', projectType: '市政公用工程' },
      { zy: '公路工程', projectType: '公路工程' },
      { zy: '水利工程', projectType: '水利水电工程' },
    ],
  },
  provisionalSum: { minPercent: 10, maxPercent: 15 },
  lowPricePercent: 85,
  composition: [
    DEFAULT_COMPOSITION,
    {
      region: '330000',
      // 工程造价 = 税前造价 + 增值税销项税额 + 地方水利建设基金; in 浙江 税金 is the VAT alone (C10), so
      // the national five plus the levy. A file without the levy declares none and sums as before.
      terms: ['fbfxf', 'csxmf', 'qtxmf', 'gf', 'sj'],
      extras: ['地方水利建设基金'],
      verified: false,
      description:
        '浙江：工程造价 = 税前造价 + 增值税销项税额 + 地方水利建设基金（浙建站定〔2016〕23号）；基金金额取单位工程申报的同名取费基数',
    },
  ],
  complaintThresholdPercent: 3,
  description:
    '企业安全生产费费率依据财资〔2022〕136号第17条。未核实：各省安全文明施工费、规费和附加税费率（占位值）；' +
    '增值税税率 9%/3%（建办标〔2016〕4号等，2019-04-01 起）；90% 下限是否仍然适用（默认关闭）；' +
    '暂列金额占分部分项工程费 10%～15% 的范围；低于招标控制价 85% 提请评标委员会关注的比例（平台自定）；' +
    '费率容差 0.5%（平台自定）；招标控制价投诉复查误差 ±3%（GB 50500-2013 5.3.9，未核实）；' +
    '浙江工程造价构成中的地方水利建设基金（浙建站定〔2016〕23号，未核实是否仍征收）。',
};
