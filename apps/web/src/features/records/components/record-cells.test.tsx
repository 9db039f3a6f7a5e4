import { CardStyleSchema, TableColumnSchema } from '@ks/contract/node-definition';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWidget } from '@/test/render-widget.tsx';
import { makeRow } from '../test-fixtures.tsx';
import { CardList } from './card-list.tsx';
import { RecordCell } from './record-cells.tsx';

const row = makeRow({
  category: 'sz',
  region: 'js/nj',
  title: '桥梁一号',
  labels: { category: '市政工程', region: '江苏/南京' },
});

describe('option labels in lists', () => {
  it('a table cell shows the option label, not the stored code', () => {
    for (const code of ['category', 'region', 'title']) {
      render(
        <RecordCell
          column={TableColumnSchema.parse({ code, name: code })}
          row={row}
          onOperation={vi.fn()}
          isCoolingDown={false}
        />,
      );
    }
    expect(screen.getByText('市政工程')).toBeTruthy();
    expect(screen.getByText('江苏/南京')).toBeTruthy();
    expect(screen.getByText('桥梁一号')).toBeTruthy();
    expect(screen.queryByText('sz')).toBeNull();
    expect(screen.queryByText('js/nj')).toBeNull();
  });

  it('a card shows labels in its title and contents', () => {
    renderWidget(
      <CardList
        cardStyle={CardStyleSchema.parse({ titleKey: 'category', contents: [{ contentKey: 'region' }] })}
        records={[row]}
        hasMore={false}
        isLoading={false}
        isFetchingMore={false}
        isCoolingDown={false}
        onLoadMore={vi.fn()}
        onOperation={vi.fn()}
      />,
    );
    expect(screen.getByText('市政工程')).toBeTruthy();
    expect(screen.getByText('江苏/南京')).toBeTruthy();
    expect(screen.queryByText('js/nj')).toBeNull();
  });
});

describe('record times in lists', () => {
  // Built from local parts: the expectation holds in any time zone the tests run in.
  const created = new Date(2026, 10, 25, 10, 3, 4, 567).toISOString();
  const submitted = new Date(2026, 10, 26, 7, 8, 9, 10).toISOString();
  const timed = makeRow({ createdAt: created, submittedAt: submitted });

  it('a table cell shows 创建时间 and 提交时间 in local time to the minute, not the ISO text', () => {
    for (const [code, name] of [
      ['created_at', '创建时间'],
      ['submitted_at', '提交时间'],
    ] as const) {
      render(
        <RecordCell
          column={TableColumnSchema.parse({ code, name })}
          row={timed}
          onOperation={vi.fn()}
          isCoolingDown={false}
        />,
      );
    }
    expect(screen.getByText('2026-11-25 10:03')).toBeTruthy();
    expect(screen.getByText('2026-11-26 07:08')).toBeTruthy();
    expect(screen.queryByText(created)).toBeNull();
  });

  it('a record not yet submitted shows an empty 提交时间', () => {
    const { container } = render(
      <RecordCell
        column={TableColumnSchema.parse({ code: 'submitted_at', name: '提交时间' })}
        row={makeRow({ submittedAt: null })}
        onOperation={vi.fn()}
        isCoolingDown={false}
      />,
    );
    expect(container.textContent).toBe('');
  });

  it('a card shows the time the same way', () => {
    renderWidget(
      <CardList
        cardStyle={CardStyleSchema.parse({ titleKey: 'title', contents: [{ contentKey: 'created_at' }] })}
        records={[{ ...timed, title: '桥梁一号' }]}
        hasMore={false}
        isLoading={false}
        isFetchingMore={false}
        isCoolingDown={false}
        onLoadMore={vi.fn()}
        onOperation={vi.fn()}
      />,
    );
    expect(screen.getByText('2026-11-25 10:03')).toBeTruthy();
  });
});
