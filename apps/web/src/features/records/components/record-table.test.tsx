import { TableColumnSchema } from '@ks/contract/node-definition';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWidget } from '@/test/render-widget.tsx';
import { makeRow } from '../test-fixtures.tsx';
import { RecordTable } from './record-table.tsx';

describe('RecordTable', () => {
  it('keeps the operations column fixed at the right edge of a table that scrolls sideways', () => {
    const columns = [
      ...Array.from({ length: 12 }, (_, i) =>
        TableColumnSchema.parse({ code: `f${i}`, name: `字段${i}`, width: 200 }),
      ),
      TableColumnSchema.parse({ code: 'operations', name: '操作', type: 'operations' }),
    ];
    renderWidget(
      <RecordTable
        tableKey="fixed-operations"
        columns={columns}
        records={[makeRow({})]}
        total={1}
        totalExact
        curPage={1}
        pageSize={10}
        sort={{}}
        isLoading={false}
        isCoolingDown={false}
        onPageChange={vi.fn()}
        onSortChange={vi.fn()}
        onRefresh={vi.fn()}
        onOperation={vi.fn()}
      />,
    );
    const header = screen.getByRole('columnheader', { name: '操作' });
    expect(header.className).toContain('ant-table-cell-fix-end');
    expect(screen.getByRole('columnheader', { name: '字段0' }).className).not.toContain('ant-table-cell-fix');
  });
});
