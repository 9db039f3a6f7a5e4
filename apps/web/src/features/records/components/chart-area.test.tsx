import type { ChartDefinition } from '@ks/contract/node-definition';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok } from '@/test/fetch-mock.ts';
import { renderWidget } from '@/test/render-widget.tsx';
import { CHARTS_OPEN_MIN_HEIGHT } from '../lib/chart-memory.ts';
import { NODE } from '../test-fixtures.tsx';
import { ChartArea } from './chart-area.tsx';

vi.mock('./chart-view.tsx', () => ({
  default: ({ data }: { data: { categories: string[]; series: number[] } }) => (
    <div data-testid="chart">{data.categories.map((c, i) => `${c}:${data.series[i]}`).join(',')}</div>
  ),
}));

const CHARTS: ChartDefinition[] = [
  { id: 'c1', title: '按等级统计', kind: 'bar', dimension: 'level', measure: 'count', measureField: '' },
  { id: 'c2', title: '按地区统计', kind: 'pie', dimension: 'area', measure: 'count', measureField: '' },
];

const OTHER_NODE = { systemCoding: NODE.systemCoding, gnCoding: 'other' };

function setWindowHeight(height: number) {
  vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(height);
}

function answerCharts() {
  return mockFetch({ 'POST /ks/statistics/v1/chart-data': ok({ categories: ['一级'], series: [3] }) });
}

const toggle = () => screen.getByRole('button', { name: /图表/ });

afterEach(() => localStorage.clear());

describe('ChartArea', () => {
  it('starts folded on a short window, asking the server nothing, and unfolds on demand', async () => {
    setWindowHeight(800);
    const fetchMock = answerCharts();
    const { user } = renderWidget(<ChartArea node={NODE} charts={CHARTS} />);
    expect(screen.getByText('图表：按等级统计、按地区统计')).toBeTruthy();
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId('chart')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(toggle());
    await waitFor(() => expect(screen.getAllByTestId('chart')).toHaveLength(2));
    expect(toggle().textContent).toContain('收起图表');
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
  });

  it('starts open on a tall window', async () => {
    setWindowHeight(CHARTS_OPEN_MIN_HEIGHT);
    answerCharts();
    renderWidget(<ChartArea node={NODE} charts={CHARTS} />);
    await waitFor(() => expect(screen.getAllByTestId('chart')).toHaveLength(2));
  });

  it('remembers the choice per node across visits, whatever the window', async () => {
    setWindowHeight(1200);
    answerCharts();
    const first = renderWidget(<ChartArea node={NODE} charts={CHARTS} />);
    await first.user.click(toggle());
    await waitFor(() => expect(screen.queryByTestId('chart')).toBeNull());
    first.unmount();

    // The next visit of the node starts folded; another node keeps the default.
    renderWidget(<ChartArea node={NODE} charts={CHARTS} />).unmount();
    const again = renderWidget(<ChartArea node={NODE} charts={CHARTS} />);
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId('chart')).toBeNull();
    again.unmount();
    renderWidget(<ChartArea node={OTHER_NODE} charts={CHARTS} />);
    await waitFor(() => expect(screen.getAllByTestId('chart')).toHaveLength(2));
  });

  it('shows nothing for a node without charts', () => {
    const { container } = renderWidget(<ChartArea node={NODE} charts={[]} />);
    expect(container.querySelector('.ks-chart-area')).toBeNull();
  });
});
