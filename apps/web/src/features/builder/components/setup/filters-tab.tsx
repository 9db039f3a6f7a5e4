import type { FormOption } from '@ks/contract/form-schema';
import {
  FILTER_ITEM_TYPES,
  type FilterDefinition,
  type FilterItem,
  type FilterItemType,
  type NodeDefinition,
} from '@ks/contract/node-definition';
import { Button, Card, Collapse, Empty, Input, Select, Space } from 'antd';
import { OptionListEditor } from '@/components/option-list-editor.tsx';
import { FILTERABLE_ENVELOPE_FIELDS, fieldOptionsOf } from './field-options.ts';
import { moveAt, replaceAt } from './move.ts';

export const FILTER_TYPE_LABELS: Record<FilterItemType, string> = {
  text: '文本',
  select: '下拉',
  'select-link': '联动下拉',
  'select-multiple': '多选下拉',
  cascader: '级联',
  daterange: '日期范围',
  'filter-select': '下拉搜索',
  'select-filter': '下拉过滤',
  'select-edit': '下拉可输入',
  auditFlow: '审核状态',
};
const OPTION_FILTERS: FilterItemType[] = [
  'select',
  'select-link',
  'select-multiple',
  'cascader',
  'filter-select',
  'select-filter',
  'select-edit',
  'auditFlow',
];

/** 筛选设置: the node's filter cards. */
export function FiltersTab({
  definition,
  onChange,
}: {
  definition: NodeDefinition;
  onChange: (definition: NodeDefinition) => void;
}) {
  const filters = definition.list.filters;
  const fields = [...fieldOptionsOf(definition.form.items), ...FILTERABLE_ENVELOPE_FIELDS];
  const setFilters = (next: FilterDefinition[]) =>
    onChange({ ...definition, list: { ...definition.list, filters: next } });
  const setFilter = (index: number, filter: FilterDefinition) =>
    setFilters(replaceAt(filters, index, filter));
  const setItem = (index: number, itemIndex: number, patch: Partial<FilterItem>) => {
    const filter = filters[index] as FilterDefinition;
    setFilter(index, {
      ...filter,
      displayList: replaceAt(filter.displayList, itemIndex, {
        ...(filter.displayList[itemIndex] as FilterItem),
        ...patch,
      }),
    });
  };

  return (
    <Card
      size="small"
      title="筛选设置"
      extra={
        <Button onClick={() => setFilters([...filters, { displayCode: '', displayList: [] }])}>
          新增筛选
        </Button>
      }
    >
      {filters.length === 0 ? <Empty description="还没有筛选" /> : null}
      {filters.map((filter, index) => (
        <Card
          // biome-ignore lint/suspicious/noArrayIndexKey: filters are edited in place, by position.
          key={index}
          size="small"
          style={{ marginBottom: 12 }}
          title={
            <Space>
              <span>筛选编码</span>
              <Input
                aria-label={`筛选${index + 1}编码`}
                value={filter.displayCode}
                onChange={(event) => setFilter(index, { ...filter, displayCode: event.target.value })}
              />
            </Space>
          }
          extra={
            <Space>
              <Button
                size="small"
                onClick={() =>
                  setFilter(index, {
                    ...filter,
                    displayList: [...filter.displayList, { name: '', code: '', type: 'text', dataList: [] }],
                  })
                }
              >
                新增筛选项
              </Button>
              <Button size="small" danger onClick={() => setFilters(filters.filter((_, i) => i !== index))}>
                删除筛选
              </Button>
            </Space>
          }
        >
          {filter.displayList.map((item, itemIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: items are edited in place, by position.
            <div key={itemIndex} style={{ marginBottom: 8 }}>
              <Space wrap>
                <Input
                  aria-label={`筛选${index + 1}第${itemIndex + 1}项名称`}
                  placeholder="名称"
                  value={item.name}
                  onChange={(event) => setItem(index, itemIndex, { name: event.target.value })}
                />
                <Select
                  aria-label={`筛选${index + 1}第${itemIndex + 1}项字段`}
                  style={{ minWidth: 160 }}
                  placeholder="请选择字段"
                  value={item.code || undefined}
                  options={fields}
                  onChange={(code: string) => setItem(index, itemIndex, { code })}
                />
                <Select
                  aria-label={`筛选${index + 1}第${itemIndex + 1}项类型`}
                  style={{ minWidth: 110 }}
                  value={item.type}
                  options={FILTER_ITEM_TYPES.map((type) => ({
                    value: type,
                    label: FILTER_TYPE_LABELS[type],
                  }))}
                  onChange={(type: FilterItemType) => setItem(index, itemIndex, { type })}
                />
                <Button
                  size="small"
                  disabled={itemIndex === 0}
                  onClick={() =>
                    setFilter(index, { ...filter, displayList: moveAt(filter.displayList, itemIndex, -1) })
                  }
                >
                  上移
                </Button>
                <Button
                  size="small"
                  danger
                  onClick={() =>
                    setFilter(index, {
                      ...filter,
                      displayList: filter.displayList.filter((_, i) => i !== itemIndex),
                    })
                  }
                >
                  删除
                </Button>
              </Space>
              {OPTION_FILTERS.includes(item.type) ? (
                <Collapse
                  size="small"
                  style={{ marginTop: 4 }}
                  items={[
                    {
                      key: 'options',
                      label: `固定选项（${item.dataList.length}个；不填则使用字段自身的选项）`,
                      children: (
                        <OptionListEditor
                          nested={item.type === 'cascader'}
                          canDisable={false}
                          label={`筛选${index + 1}第${itemIndex + 1}项选项`}
                          value={item.dataList as FormOption[]}
                          onChange={(dataList) =>
                            setItem(index, itemIndex, {
                              dataList: dataList.map(function strip(option): FilterItem['dataList'][number] {
                                return {
                                  label: option.label,
                                  value: option.value,
                                  ...(option.children ? { children: option.children.map(strip) } : {}),
                                };
                              }),
                            })
                          }
                        />
                      ),
                    },
                  ]}
                />
              ) : null}
            </div>
          ))}
        </Card>
      ))}
    </Card>
  );
}
