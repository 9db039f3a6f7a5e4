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
