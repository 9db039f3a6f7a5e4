import { ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import type { TableColumn } from '@ks/contract/node-definition';
import { Button, Checkbox, Popover, Space, Table, type TableProps, Tooltip } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { type ReactNode, useState } from 'react';
import { TABLE_PAGE_SIZES } from '@/lib/constants.ts';
import type { RecordRow } from '../api/types.ts';
import { getHiddenColumns, storeHiddenColumns, storePageSize } from '../lib/table-memory.ts';
import { RecordCell } from './record-cells.tsx';

export type Sort = { sortField?: string; sortOrder?: 'asc' | 'desc' };

/**
 * The records table: columns from the server, a pager of 10/20/30/50 whose
 * chosen size is remembered per table, server-side sorting on sortable headers, and a toolbar with
 * refresh, column show/hide (remembered per table) and the page's own buttons.
 */
export function RecordTable({
  tableKey,
  columns,
  records,
  total,
  totalExact,
  curPage,
  pageSize,
  sort,
  isLoading,
  isCoolingDown,
  toolbar,
  onPageChange,
  onSortChange,
  onRefresh,
  onOperation,
}: {
  tableKey: string;
  columns: TableColumn[];
  records: RecordRow[];
  total: number;
  totalExact: boolean;
  curPage: number;
  pageSize: number;
  sort: Sort;
  isLoading: boolean;
  isCoolingDown: boolean;
  toolbar?: ReactNode;
  onPageChange: (curPage: number, pageSize: number) => void;
  onSortChange: (sort: Sort) => void;
  onRefresh: () => void;
  onOperation: (code: string, row: RecordRow) => void;
}) {
  const [hidden, setHidden] = useState<string[]>(() => getHiddenColumns(tableKey));
  const offered = columns.filter((column) => column.show);
  const shown = offered.filter((column) => !hidden.includes(column.code));

  const toggleColumn = (code: string, visible: boolean) => {
    const next = visible ? hidden.filter((c) => c !== code) : [...hidden, code];
    setHidden(next);
    storeHiddenColumns(tableKey, next);
  };

  const tableColumns: TableProps<RecordRow>['columns'] = shown.map((column) => ({
    key: column.code,
    dataIndex: column.code,
    title: column.name,
    align: column.listAlignment,
    width: column.width > 0 ? column.width : undefined,
    // A wide table scrolls sideways; the row's buttons stay in view at its right edge.
    fixed: column.type === 'operations' ? ('right' as const) : undefined,
    sorter: column.sortable,
    sortOrder:
      column.sortable && sort.sortField === column.code
        ? sort.sortOrder === 'asc'
          ? 'ascend'
          : 'descend'
        : null,
    render: (_: unknown, row: RecordRow) => (
      <RecordCell column={column} row={row} onOperation={onOperation} isCoolingDown={isCoolingDown} />
    ),
  }));

  // An estimate (约) can fall short of the rows already paged through (the planner guesses): the
  // pager then never ends before the page shown, and a full page always has a next one to try.
  const pagerTotal = totalExact
    ? total
    : Math.max(total, (curPage - 1) * pageSize + records.length + (records.length === pageSize ? 1 : 0));

  const onChange: TableProps<RecordRow>['onChange'] = (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort') return;
    const one = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<RecordRow> | undefined;
    onSortChange(
      one?.order
        ? { sortField: String(one.columnKey), sortOrder: one.order === 'ascend' ? 'asc' : 'desc' }
        : {},
    );
  };

  const columnSettings = (
    <Space direction="vertical">
      {offered.map((column) => (
        <Checkbox
          key={column.code}
          checked={!hidden.includes(column.code)}
          onChange={(event) => toggleColumn(column.code, event.target.checked)}
        >
          {column.name}
        </Checkbox>
      ))}
    </Space>
  );

  return (
    <>
      <Space style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }} wrap>
        <Space wrap>{toolbar}</Space>
        <Space>
          <Tooltip title="刷新">
            <Button aria-label="刷新" icon={<ReloadOutlined />} onClick={onRefresh} />
          </Tooltip>
          <Popover title="显示列" trigger="click" content={columnSettings}>
            <Button aria-label="列设置" icon={<SettingOutlined />} />
          </Popover>
        </Space>
      </Space>
      <Table<RecordRow>
        rowKey="id"
        size="middle"
        loading={isLoading}
        columns={tableColumns}
        dataSource={records}
        scroll={{ x: 'max-content' }}
        onChange={onChange}
        pagination={{
          current: curPage,
          pageSize,
          total: pagerTotal,
          showSizeChanger: true,
          // Deep pages: a jump within MAX_LIST_OFFSET rows, then next and previous (keyset) past it.
          showQuickJumper: true,
          pageSizeOptions: TABLE_PAGE_SIZES.map(String),
          showTotal: (count) => (totalExact ? `共 ${count} 条` : `约 ${count} 条`),
          onChange: (page, size) => {
            if (size !== pageSize) {
              storePageSize(tableKey, size);
              onPageChange(1, size);
            } else onPageChange(page, size);
          },
        }}
      />
    </>
  );
}
