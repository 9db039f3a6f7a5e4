import type { FilterItem, FilterItemType } from '@ks/contract/node-definition';
import {
  AutoComplete,
  Button,
  Card,
  Cascader,
  Col,
  DatePicker,
  Form,
  Input,
  Row,
  Select,
  Space,
  Spin,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { FILTER_ANIMATION_MS } from '@/lib/constants.ts';
import { useFilterFields } from '../api/find-filter-fields.ts';
import type { NodeRef } from '../api/types.ts';
import { type FilterFormValue, filterValuesOf, isSelectFilter } from '../lib/list-rules.ts';
import { SEARCH_EDIT_LABELS, useSelectEdit } from '../lib/use-select-edit.ts';

type FormValues = Record<string, FilterFormValue | Dayjs[] | null>;

/**
 * Filters whose options narrow by label as one types: 下拉搜索 (filter-select), 下拉过滤
 * (select-filter) and the multi-select, as the form renders the same types.
 */
const SEARCHABLE_FILTERS: readonly FilterItemType[] = ['filter-select', 'select-filter', 'select-multiple'];
const SEARCH_BY_LABEL = { optionFilterProp: 'label' } as const;

/** Form.Item hands value and onChange to its child; they pass straight to the control. */
type ControlProps = { item: FilterItem } & Record<string, unknown>;

type FilterOption = { label: string; value: string };

/**
 * 下拉可输入 (select-edit), as the form's select-edit field: a typed text filters as it is; a picked
 * option (or its label typed in full) shows its label and filters by its value, as a select would.
 */
function SelectEditFilter({
  item,
  options,
  value,
  onChange,
  ...rest
}: {
  item: FilterItem;
  options: FilterOption[];
  value?: string | null;
  onChange?: (value: string) => void;
}) {
  const { text, onText, choices } = useSelectEdit(options, value, onChange);
  return (
    <AutoComplete
      {...rest}
      value={text}
      onChange={onText}
      options={choices}
      showSearch={SEARCH_EDIT_LABELS}
      allowClear
      placeholder={`请输入或选择${item.name}`}
    />
  );
}

function FilterControl({ item, ...rest }: ControlProps) {
  const bound = rest as object;
  const options: FilterOption[] = item.dataList.map((option) => ({
    label: option.label,
    value: option.value,
  }));
  const showSearch = SEARCHABLE_FILTERS.includes(item.type) ? SEARCH_BY_LABEL : false;
  if (item.type === 'select-multiple')
    return (
      <Select
        {...bound}
        allowClear
        mode="multiple"
        showSearch={showSearch}
        placeholder={`请选择${item.name}`}
        options={options}
      />
    );
  if (item.type === 'cascader')
    return (
      <Cascader
        {...bound}
        allowClear
        changeOnSelect
        placeholder={`请选择${item.name}`}
        options={item.dataList}
      />
    );
  if (item.type === 'daterange') return <DatePicker.RangePicker {...bound} style={{ width: '100%' }} />;
  if (item.type === 'select-edit') return <SelectEditFilter {...bound} item={item} options={options} />;
  // Select-type filters offer their options; the rest are typed.
  if (isSelectFilter(item))
    return (
      <Select
        {...bound}
        allowClear
        showSearch={showSearch}
        placeholder={`请选择${item.name}`}
        options={options}
      />
    );
  return <Input {...bound} allowClear placeholder={`请输入${item.name}`} />;
}

/** Date ranges leave as two YYYY-MM-DD strings; cascader paths and multi-selects stay arrays for the join. */
function normalise(values: FormValues): Record<string, FilterFormValue> {
  const out: Record<string, FilterFormValue> = {};
  for (const [code, value] of Object.entries(values)) {
    if (Array.isArray(value))
      out[code] = value.map((part) =>
        typeof part === 'string' ? part : (part as Dayjs).format('YYYY-MM-DD'),
      );
    else out[code] = value as FilterFormValue;
  }
  return out;
}

/**
 * The filter card (its filter definitions and values): the items of one
 * filter definition. 查询 emits the values with arrays joined by comma; 重置 clears them and emits
 * an empty set. It opens and closes with a 500 ms animation; closed, it is inert.
 */
export function FilterCard({
  node,
  displayCode,
  open,
  onChange,
}: {
  node: NodeRef;
  displayCode: string;
  open: boolean;
  onChange: (values: Record<string, string>) => void;
}) {
  const [form] = Form.useForm<FormValues>();
  const { data, isLoading } = useFilterFields(node, displayCode);
  const items = data?.result ?? [];
  return (
    <div
      data-testid={`filter-card-${displayCode}`}
      // inert, not aria-hidden: a closed card's fields must leave the tab order as well as the
      // accessibility tree (aria-hidden over focusable fields is an axe-core violation).
      inert={!open}
      style={{
        display: 'grid',
        gridTemplateRows: open ? '1fr' : '0fr',
        opacity: open ? 1 : 0,
        transition: `grid-template-rows ${FILTER_ANIMATION_MS}ms ease, opacity ${FILTER_ANIMATION_MS}ms ease`,
        marginBottom: open ? 12 : 0,
      }}
    >
      <div style={{ overflow: 'hidden' }}>
        <Card size="small">
          <Spin spinning={isLoading}>
            <Form
              form={form}
              name={`filter-${displayCode}`}
              layout="vertical"
              onFinish={(values) => onChange(filterValuesOf(normalise(values)))}
            >
              <Row gutter={16}>
                {items.map((item) => (
                  <Col key={item.code} xs={24} md={12} xl={8}>
                    <Form.Item label={item.name} name={item.code}>
                      <FilterControl item={item} />
                    </Form.Item>
                  </Col>
                ))}
              </Row>
              <Space>
                <Button type="primary" htmlType="submit" disabled={!open}>
                  查询
                </Button>
                <Button
                  disabled={!open}
                  onClick={() => {
                    form.resetFields();
                    onChange({});
                  }}
                >
                  重置
                </Button>
              </Space>
            </Form>
          </Spin>
        </Card>
      </div>
    </div>
  );
}
