import { type CostRuleConfig, type CostRuleSet, DEFAULT_COMPOSITION } from '@ks/contract/cost-checks';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, ok } from '@/test/fetch-mock.ts';
import { renderWidget } from '@/test/render-widget.tsx';
import { RulesDialog } from './rules-dialog.tsx';

const CONFIG: CostRuleConfig = {
  epsilonYuan: 0.01,
  rateTolerancePercent: 0.5,
  safetyFloor: { enabled: false, percent: 90 },
  vat: { generalPercent: 9, simplePercent: 3 },
  rates: [
    {
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
      description: '占位值',
    },
  ],
  enterpriseSafety: { rates: [], zyProjectTypes: [] },
  provisionalSum: { minPercent: 10, maxPercent: 15 },
  lowPricePercent: 85,
  composition: [
    DEFAULT_COMPOSITION,
    {
      region: '330000',
      terms: ['fbfxf', 'csxmf', 'qtxmf', 'gf', 'sj'],
      extras: ['地方水利建设基金'],
      verified: false,
      description: '',
    },
  ],
  complaintThresholdPercent: 3,
  description: '费率未核实',
};
const set = (version: number, current: boolean): CostRuleSet => ({
  version,
  config: CONFIG,
  note: `第${version}版说明`,
  createdByName: '管理员',
  createdAt: '2026-11-26T01:00:00Z',
  current,
});

function mockRules() {
  const saved: unknown[] = [];
  mockFetch({
    'GET /ks/file/detection/cost-rules': ({ url }) =>
      ok(url.searchParams.get('version') === '1' ? set(1, false) : set(2, true)),
    'GET /ks/file/detection/cost-rules/versions': ok([set(2, true), set(1, false)]),
    'POST /ks/file/detection/cost-rules': ({ body }) => {
      saved.push(body);
      return ok(set(3, true));
    },
  });
  return saved;
}

describe('规则配置 dialog', () => {
  it('saves the edited rules as a new version on top of the one shown', async () => {
    const saved = mockRules();
    let closed = false;
    const { user } = renderWidget(
      <RulesDialog
        onClose={() => {
          closed = true;
        }}
      />,
    );
    expect((await screen.findAllByText('费率未核实')).length).toBeGreaterThan(0);
    const vat = screen.getByLabelText('一般计税税率（%）');
    await user.clear(vat);
    await user.type(vat, '10');
    await user.click(screen.getByRole('button', { name: '保存为新版本' }));
    expect(await screen.findByText('请填写修改说明')).toBeTruthy();
    await user.type(screen.getByLabelText('修改说明'), '税率调整');
    await user.click(screen.getByRole('button', { name: '保存为新版本' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({
      baseVersion: 2,
      note: '税率调整',
      // The regional formulas and the complaint threshold go back unchanged with the rest.
      config: {
        vat: { generalPercent: 10 },
        rates: CONFIG.rates,
        composition: CONFIG.composition,
        complaintThresholdPercent: 3,
      },
    });
    await waitFor(() => expect(closed).toBe(true));
  });
});

it('opens an older version read-only', async () => {
  mockRules();
  const { user } = renderWidget(<RulesDialog onClose={() => {}} />);
  await screen.findAllByText('费率未核实');
  await user.click(screen.getByRole('combobox'));
  await user.click(await screen.findByText(/第 1 版 （只读）/));
  expect(await screen.findByText('历史版本只读，检测结果会注明所用版本')).toBeTruthy();
  expect(screen.getByRole('button', { name: '关闭' })).toBeTruthy();
  expect(screen.queryByLabelText('修改说明')).toBeNull();
});
