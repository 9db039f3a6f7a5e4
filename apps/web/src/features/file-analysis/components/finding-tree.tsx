import type { CheckNodeRow } from '@ks/contract/cost-checks';
import { Table, type TableColumnsType, Tag } from 'antd';
import { useMemo } from 'react';
import { useCheckNodes } from '../api/checks.ts';

type TreeRow = CheckNodeRow & { children?: TreeRow[] };

/** The cost-file result tree table is 600 px high, rows expanded by default. */
const TREE_HEIGHT = 600;

const money = (title: string, key: keyof CheckNodeRow) => ({
  title,
  dataIndex: key,
  width: 120,
  align: 'right' as const,
});

const columns: TableColumnsType<TreeRow> = [
  { title: '编码', dataIndex: 'code', width: 120 },
  { title: '名称', dataIndex: 'name', width: 200 },
  { title: '专业', dataIndex: 'zy', width: 100, render: (v: string | null) => v ?? '' },
  money('工程总造价', 'zzj'),
  money('分部分项工程费', 'fbfxf'),
  money('措施项目费', 'csxmf'),
  money('安全文明施工费', 'aqwmsgf'),
  money('其他项目费', 'qtxmf'),
  money('规费', 'gf'),
  money('税金', 'sj'),
  money('增值税销项税额', 'zzsxxse'),
  {
    title: '检测问题',
    key: 'findings',
    width: 100,
    fixed: 'right',
    render: (_, row) =>
      row.findings > 0 ? (
        <Tag color={row.errors > 0 ? 'error' : 'warning'}>{row.findings} 项</Tag>
      ) : (
        <Tag color="success">无</Tag>
      ),
  },
];

function toTree(rows: CheckNodeRow[]): TreeRow[] {
  const byId = new Map<string, TreeRow>(rows.map((row) => [row.id, { ...row }]));
  const roots: TreeRow[] = [];
  for (const row of byId.values()) {
    const parent = row.parentId ? byId.get(row.parentId) : undefined;
    if (!parent) {
      roots.push(row);
      continue;
    }
    parent.children = [...(parent.children ?? []), row];
  }
  return roots;
}

/**
 * A file's summary tree (columns) with the nodes that have findings marked; clicking
 * a node shows its findings and those below it.
 */
export function FindingTree({
  xmId,
  fileId,
  onPickNode,
}: {
  xmId: string;
  fileId: string;
  onPickNode: (path: string) => void;
}) {
  const nodes = useCheckNodes({ xmId, fileId });
  const tree = useMemo(() => toTree(nodes.data ?? []), [nodes.data]);
  return (
    <Table<TreeRow>
      // Mounted again once the rows are there, so that every row starts expanded.
      key={nodes.data ? `${fileId}-loaded` : fileId}
      size="small"
      rowKey="id"
      loading={nodes.isPending}
      columns={columns}
      dataSource={tree}
      pagination={false}
      scroll={{ x: 1500, y: TREE_HEIGHT }}
      expandable={{ defaultExpandAllRows: true }}
      onRow={(row) => ({ onClick: () => onPickNode(row.path), style: { cursor: 'pointer' } })}
    />
  );
}
