import {
  COST_MONEY_COLUMNS,
  COST_MONEY_LABELS,
  type CostMoneyColumn,
  type CostTreeRow,
} from '@ks/contract/file-analysis';
import { Table, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';

/** The cost-file result tree table is 600 px high, rows expanded by default. */
export const COST_TREE_HEIGHT = 600;
/** The small table's header row: the scrolling body takes the rest of the 600 px. */
const HEADER_HEIGHT = 40;

const LEVEL_LABELS: Record<CostTreeRow['level'], string> = {
  project: '建设项目',
  single: '单项工程',
  unit: '单位工程',
};

const yuan = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** Money arrives as decimal strings; shown with grouping, never summed here. */
export const formatYuan = (value: string) => {
  const number = Number(value);
  return Number.isFinite(number) ? yuan.format(number) : value;
};

function allKeys(rows: readonly CostTreeRow[]): string[] {
  return rows.flatMap((row) => [row.id, ...allKeys(row.children ?? [])]);
}

const moneyColumn = (column: CostMoneyColumn): TableColumnsType<CostTreeRow>[number] => ({
  title: `${COST_MONEY_LABELS[column]}（元）`,
  dataIndex: column,
  key: column,
  align: 'right',
  width: column === 'zzj' ? 150 : 140,
  render: (value: string) => formatYuan(value),
});

const COLUMNS: TableColumnsType<CostTreeRow> = [
  {
    title: '编码',
    dataIndex: 'code',
    key: 'code',
    width: 200,
    fixed: 'left',
  },
  {
    title: '名称',
    dataIndex: 'name',
    key: 'name',
    width: 220,
    fixed: 'left',
    render: (name: string, row) => <span title={LEVEL_LABELS[row.level]}>{name}</span>,
  },
  { title: '专业', dataIndex: 'zy', key: 'zy', width: 100, render: (zy: string | null) => zy ?? '—' },
  ...COST_MONEY_COLUMNS.map(moneyColumn),
];

/**
 * The result tree of a cost file: project → single projects → unit projects with
 * every money column. Expanded by default; a person may fold rows, and a new tree expands again.
 */
export function CostTreeTable({
  rows,
  loading = false,
}: {
  rows: readonly CostTreeRow[];
  loading?: boolean;
}) {
  const keys = useMemo(() => allKeys(rows), [rows]);
  const [folded, setFolded] = useState<{ rows: readonly CostTreeRow[]; keys: Set<string> }>({
    rows,
    keys: new Set(),
  });
  const foldedKeys = folded.rows === rows ? folded.keys : new Set<string>();
  const expanded = keys.filter((key) => !foldedKeys.has(key));
  return (
    <div data-testid="cost-tree-table" style={{ height: COST_TREE_HEIGHT, overflow: 'hidden' }}>
      <Table<CostTreeRow>
        rowKey="id"
        size="small"
        bordered
        loading={loading}
        columns={COLUMNS}
        dataSource={[...rows]}
        pagination={false}
        scroll={{ x: 1660, y: COST_TREE_HEIGHT - HEADER_HEIGHT }}
        expandable={{
          expandedRowKeys: expanded,
          onExpand: (open, row) => {
            const next = new Set(foldedKeys);
            if (open) next.delete(row.id);
            else next.add(row.id);
            setFolded({ rows, keys: next });
          },
        }}
        locale={{ emptyText: '暂无数据' }}
      />
    </div>
  );
}
