import {
  COLUMN_TYPE_LABELS,
  COLUMN_TYPES,
  type NodeDefinition,
  type TableColumn,
} from '@ks/contract/node-definition';
import { Button, Card, Checkbox, Input, InputNumber, Radio, Select, Space, Switch, Table } from 'antd';
import {
  ENVELOPE_FIELDS,
  fieldOptionsOf,
  isSortableColumn,
  SORTABLE_ENVELOPE_FIELDS,
} from './field-options.ts';
import { moveAt, replaceAt } from './move.ts';

const ALIGNMENTS = [
  { value: 'left', label: '左' },
  { value: 'center', label: '中' },
  { value: 'right', label: '右' },
];

const newColumn = (): TableColumn => ({
  code: '',
  name: '',
  show: true,
  type: 'text',
  isSearch: false,
  isStatus: false,
  listAlignment: 'left',
  width: 0,
  sortable: false,
});

/** 列表设置: the list's columns, default sort and table or card view. */
export function ListColumnsTab({
  definition,
  onChange,
}: {
  definition: NodeDefinition;
  onChange: (definition: NodeDefinition) => void;
}) {
  const { list } = definition;
  const columns = list.columns;
  const fields = [...fieldOptionsOf(definition.form.items), ...ENVELOPE_FIELDS];
  const setList = (patch: Partial<NodeDefinition['list']>) =>
    onChange({ ...definition, list: { ...list, ...patch } });
  const setColumn = (index: number, patch: Partial<TableColumn>) =>
    setList({ columns: replaceAt(columns, index, { ...(columns[index] as TableColumn), ...patch }) });

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Card size="small" title="列表展示">
        <Space wrap>
          <span>展示方式</span>
          <Radio.Group
            aria-label="展示方式"
            value={list.view}
            options={[
              { value: 'table', label: '表格' },
              { value: 'card', label: '卡片' },
            ]}
            onChange={(event) => setList({ view: event.target.value })}
          />
          <span>默认排序</span>
          <Select
            aria-label="默认排序字段"
            style={{ minWidth: 200 }}
            value={list.sortField}
            options={[...fieldOptionsOf(definition.form.items), ...SORTABLE_ENVELOPE_FIELDS]}
            onChange={(sortField: string) => setList({ sortField })}
          />
          <Select
            aria-label="排序方向"
            value={list.sortOrder}
            options={[
              { value: 'desc', label: '降序' },
              { value: 'asc', label: '升序' },
            ]}
            onChange={(sortOrder: 'asc' | 'desc') => setList({ sortOrder })}
          />
        </Space>
      </Card>
      <Card
        size="small"
        title="列表列"
        extra={<Button onClick={() => setList({ columns: [...columns, newColumn()] })}>新增列</Button>}
      >
        <Table<TableColumn>
          rowKey={(_, index) => String(index)}
          size="small"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={columns}
          locale={{ emptyText: '还没有列，请点击“新增列”' }}
          columns={[
            {
              title: '字段',
              key: 'code',
              render: (_, column, index) => (
                <Select
                  aria-label={`第${index + 1}列字段`}
                  style={{ minWidth: 160 }}
                  value={column.code || undefined}
                  placeholder="请选择字段"
                  options={fields}
                  onChange={(code: string) => {
                    const label =
                      fields.find((field) => field.value === code)?.label.replace(/（.*）$/, '') ?? '';
                    setColumn(index, { code, name: column.name || label });
                  }}
                />
              ),
            },
            {
              title: '列名称',
              key: 'name',
              render: (_, column, index) => (
                <Input
                  aria-label={`第${index + 1}列名称`}
                  value={column.name}
                  onChange={(event) => setColumn(index, { name: event.target.value })}
                />
              ),
            },
            {
              title: '类型',
              key: 'type',
              render: (_, column, index) => (
                <Select
                  aria-label={`第${index + 1}列类型`}
                  style={{ minWidth: 100 }}
                  value={column.type}
                  options={COLUMN_TYPES.map((type) => ({ value: type, label: COLUMN_TYPE_LABELS[type] }))}
                  onChange={(type) => setColumn(index, { type })}
                />
              ),
            },
            {
              title: '显示',
              key: 'show',
              render: (_, column, index) => (
                <Switch
                  aria-label={`第${index + 1}列显示`}
                  size="small"
                  checked={column.show}
                  onChange={(show) => setColumn(index, { show })}
                />
              ),
            },
            {
              title: '搜索',
              key: 'isSearch',
              render: (_, column, index) => (
                <Checkbox
                  aria-label={`第${index + 1}列搜索`}
                  checked={column.isSearch}
                  onChange={(event) => setColumn(index, { isSearch: event.target.checked })}
                />
              ),
            },
            {
              title: '状态列',
              key: 'isStatus',
              render: (_, column, index) => (
                <Checkbox
                  aria-label={`第${index + 1}列为状态列`}
                  checked={column.isStatus}
                  onChange={(event) => setColumn(index, { isStatus: event.target.checked })}
                />
              ),
            },
            {
              title: '排序',
              key: 'sortable',
              render: (_, column, index) => (
                <Checkbox
                  aria-label={`第${index + 1}列可排序`}
                  checked={column.sortable}
                  // Operations and other unordered columns can't be sorted; a stale tick can still be cleared.
                  disabled={!column.sortable && !isSortableColumn(definition.form.items, column.code)}
                  onChange={(event) => setColumn(index, { sortable: event.target.checked })}
                />
              ),
            },
            {
              title: '对齐',
              key: 'listAlignment',
              render: (_, column, index) => (
                <Select
                  aria-label={`第${index + 1}列对齐`}
                  value={column.listAlignment}
                  options={ALIGNMENTS}
                  onChange={(listAlignment: TableColumn['listAlignment']) =>
                    setColumn(index, { listAlignment })
                  }
                />
              ),
            },
            {
              title: '宽度（0自适应）',
              key: 'width',
              render: (_, column, index) => (
                <InputNumber
                  aria-label={`第${index + 1}列宽度`}
                  min={0}
                  max={2000}
                  value={column.width}
                  onChange={(width) => setColumn(index, { width: width ?? 0 })}
                />
              ),
            },
            {
              title: '操作',
              key: 'actions',
              render: (_, _column, index) => (
                <Space size={0}>
                  <Button
                    type="link"
                    size="small"
                    disabled={index === 0}
                    onClick={() => setList({ columns: moveAt(columns, index, -1) })}
                  >
                    上移
                  </Button>
                  <Button
                    type="link"
                    size="small"
                    disabled={index === columns.length - 1}
                    onClick={() => setList({ columns: moveAt(columns, index, 1) })}
                  >
                    下移
                  </Button>
                  <Button
                    type="link"
                    size="small"
                    danger
                    onClick={() => setList({ columns: columns.filter((_, i) => i !== index) })}
                  >
                    删除
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </Card>
    </Space>
  );
}
