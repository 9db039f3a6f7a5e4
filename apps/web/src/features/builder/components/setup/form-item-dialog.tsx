import { FORMULA_FUNCTION_HELP } from '@ks/contract/computed-formula';
import {
  computedItemProblems,
  dateLimitProblem,
  FIXED_OPTIONS,
  FieldCodeSchema,
  FORM_ITEM_TYPE_LABELS,
  FORM_ITEM_TYPES,
  type FormGroup,
  type FormItem,
  FormItemSchema,
  type FormItemType,
  type FormOption,
  isComputedType,
  OPTION_LIST_TYPES,
  OPTION_TYPES,
  VALUE_KIND_OF,
} from '@ks/contract/form-schema';
import { Col, Form, Input, InputNumber, Modal, Radio, Row, Select, Switch, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { OptionListEditor, optionListProblem } from '@/components/option-list-editor.tsx';
import { zodRule } from '@/lib/form-rules.ts';
import { useDictionaryChoices, useValueRangeChoices } from '../../api/find-choices.ts';

type Values = {
  code: string;
  name: string;
  type: FormItemType;
  bianma: string;
  show: boolean;
  required: FormItem['required'];
  col: number;
  sourceKind: FormItem['source']['kind'];
  sourceCode?: string;
  optionList: FormOption[];
  parentNode: string[];
  childNode: string[];
  groupNumber?: string;
  regex: string;
  showPrompt: string;
  curInfo: string;
  selectMode: string;
  readonly: boolean;
  tips: string;
  length: number;
  prompt: string;
  minDate: string;
  maxDate: string;
  formula: string;
  /** A number item's highest value (a credit item's highest score); null: unbounded. */
  max: number | null;
};

export const DUPLICATE_CODE_MESSAGE = '字段编码已存在，请换一个编码';
export const OPTIONS_REQUIRED_MESSAGE = '请至少添加一个选项';

const split = (codes: string) =>
  codes
    .split(',')
    .map((code) => code.trim())
    .filter(Boolean);

function valuesOf(item: FormItem | null): Values {
  return {
    code: item?.code ?? '',
    name: item?.name ?? '',
    type: item?.type ?? 'text',
    bianma: item?.bianma ?? '',
    show: item?.show ?? true,
    required: item?.required ?? '0',
    col: item?.col ?? 12,
    sourceKind: item?.source.kind ?? 'static',
    sourceCode: item && item.source.kind !== 'static' ? item.source.code : undefined,
    optionList: item?.options?.list ?? [],
    parentNode: split(item?.parentNode ?? ''),
    childNode: split(item?.childNode ?? ''),
    groupNumber: item?.groupNumber || undefined,
    regex: item?.regex ?? '',
    showPrompt: item?.showPrompt ?? '',
    curInfo: item?.curInfo ?? '',
    selectMode: item?.selectMode ?? '',
    readonly: item?.readonly ?? false,
    tips: item?.tips ?? '',
    length: item?.length ?? 0,
    prompt: item?.prompt ?? '',
    minDate: item?.minDate ?? '',
    maxDate: item?.maxDate ?? '',
    formula: item?.formula ?? '',
    max: item?.max ?? null,
  };
}

/** Types edited with a list of options: select-edit's is optional, its value may be free text. */
const usesOptions = (type: FormItemType) => OPTION_LIST_TYPES.includes(type);
/** Types whose value must be one of the options, so they need at least one. */
const needsOptions = (type: FormItemType) => OPTION_TYPES.includes(type);
const isNestedType = (type: FormItemType) => VALUE_KIND_OF[type] === 'path';

/**
 * A property's Chinese label with its wire name as a small grey hint: developers read the meaning
 * first, and still find the name the spec and the exported schema use.
 */
function WireLabel({ label, wire }: { label: string; wire: string }) {
  return (
    <span>
      {label}
      <Typography.Text type="secondary" className="ks-wire-name" style={{ fontSize: 12, marginLeft: 4 }}>
        {wire}
      </Typography.Text>
    </span>
  );
}

/** The type picker's option: its Chinese name, the type code as the grey hint. */
const typeOption = (type: FormItemType): { value: FormItemType; title: string; label: ReactNode } => ({
  value: type,
  title: FORM_ITEM_TYPE_LABELS[type],
  label: <WireLabel label={FORM_ITEM_TYPE_LABELS[type]} wire={type} />,
});

/** What the less obvious properties do, shown as the label's tooltip. */
export const PROPERTY_TIPS = {
  type: '决定该字段在表单中如何填写，例如单行文本、下拉选择、日期',
  parentNode: '本字段的选项依赖这些字段：上级字段的值改变时，本字段被清空并重新加载选项（如 省 → 市）',
  childNode:
    '“开关（控制下级字段）”打开时显示这些字段并要求填写、关闭时隐藏并清空；下拉或级联字段改变时，这些字段被清空并重新加载选项',
  regex: '填写的内容须符合的正则表达式，不填则不校验格式',
  showPrompt: '填写的内容不符合正则表达式时显示的提示；不填则提示“字段名称格式不正确”',
  prompt: '输入框为空时显示的灰色提示文字',
  tips: '字段名称旁问号图标中显示的说明',
  curInfo: '选择模式为记录选择器时，从哪个功能节点的记录中选择，填写“系统编码/功能编码”',
  selectMode: '填 picker：弹出记录选择器选择一条记录；填 picker-multiple：可选择多条；不填：普通输入',
} as const;

/**
 * Adds or edits one form item with every property a form schema item has. The item is
 * checked by the contract's FormItemSchema, the same check the server makes on save.
 */
export function FormItemDialog({
  open,
  item,
  items,
  groups,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  /** null: a new item. */
  item: FormItem | null;
  items: FormItem[];
  groups: FormGroup[];
  onCancel: () => void;
  onSubmit: (item: FormItem) => void;
}) {
  const [form] = Form.useForm<Values>();
  const type = Form.useWatch('type', form) ?? item?.type ?? 'text';
  const sourceKind = Form.useWatch('sourceKind', form) ?? 'static';
  // Shown under the option editor: a list problem is found across the whole tree, not one input.
  const [optionProblem, setOptionProblem] = useState('');
  const { data: dictionaries = [] } = useDictionaryChoices();
  const { data: valueRanges = [] } = useValueRangeChoices();
  const others = items.filter((other) => other.code !== item?.code);
  const codeOptions = others.map((other) => ({ value: other.code, label: `${other.name}（${other.code}）` }));

  const onFinish = (finished: Values) => {
    // Fields shown only for some types are absent from `finished` until shown: the item's own values stand in.
    const values: Values = { ...valuesOf(item), ...finished };
    if (!item && items.some((other) => other.code === values.code.trim())) {
      form.setFields([{ name: 'code', errors: [DUPLICATE_CODE_MESSAGE] }]);
      return;
    }
    const optionTyped = usesOptions(values.type) && values.sourceKind === 'static';
    if (optionTyped) {
      const isMissing = values.optionList.length === 0 && needsOptions(values.type);
      const problem = isMissing ? OPTIONS_REQUIRED_MESSAGE : optionListProblem(values.optionList);
      setOptionProblem(problem ?? '');
      if (problem) return;
    }
    const minDate = values.minDate.trim();
    const maxDate = values.maxDate.trim();
    // The same check the server's schemaProblems makes on save and publish, placed under its input.
    const limits = dateLimitProblem({ minDate, maxDate });
    if (limits) {
      form.setFields([{ name: limits.field, errors: [limits.message] }]);
      return;
    }
    const source =
      !usesOptions(values.type) || values.sourceKind === 'static'
        ? { kind: 'static' as const }
        : { kind: values.sourceKind, code: values.sourceCode ?? '' };
    const parsed = FormItemSchema.safeParse({
      ...values,
      code: values.code.trim(),
      groupNumber: values.groupNumber ?? '',
      parentNode: values.parentNode.join(','),
      childNode: values.childNode.join(','),
      minDate,
      maxDate,
      formula: isComputedType(values.type) ? values.formula.trim() : '',
      max: values.max ?? undefined,
      source,
      options: optionTyped ? { list: values.optionList, labelKey: 'label', valueKey: 'value' } : undefined,
    });
    if (parsed.success && isComputedType(parsed.data.type)) {
      const problem = formulaProblemOf(parsed.data, items);
      if (problem) {
        form.setFields([{ name: 'formula', errors: [problem] }]);
        return;
      }
    }
    if (!parsed.success) {
      const fieldOf = (path: PropertyKey[]) => {
        const head = String(path[0]);
        if (head === 'source') return 'sourceCode';
        if (head === 'options') return 'optionList';
        return head in values ? head : 'code';
      };
      form.setFields(
        parsed.error.issues.map((issue) => ({
          name: fieldOf(issue.path) as keyof Values,
          errors: [issue.message],
        })),
      );
      return;
    }
    onSubmit(parsed.data);
  };

  return (
    <Modal
      title={item ? `编辑字段“${item.name}”` : '新增字段'}
      open={open}
      width={900}
      onCancel={onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form
        form={form}
        name="form-item"
        layout="vertical"
        preserve={false}
        initialValues={valuesOf(item)}
        onFinish={onFinish}
      >
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item label="字段编码" name="code" required rules={[zodRule(FieldCodeSchema)]}>
              {/* The code names a column once published, so it stays fixed after creation. */}
              <Input disabled={item !== null} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label="字段名称" name="name" required rules={[zodRule(FormItemSchema.shape.name)]}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label="字段类型" name="type" required tooltip={PROPERTY_TIPS.type}>
              <Select
                aria-label="字段类型"
                // Found by its Chinese name or its type code.
                showSearch={{
                  filterOption: (input, option) =>
                    `${option?.title ?? ''} ${option?.value ?? ''}`
                      .toLowerCase()
                      .includes(input.toLowerCase()),
                }}
                options={FORM_ITEM_TYPES.map(typeOption)}
              />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item label="必填" name="required">
              <Select
                aria-label="必填"
                options={[
                  { value: '0', label: '非必填' },
                  { value: '1', label: '必填（1）' },
                  { value: '2', label: '必填（2）' },
                ]}
              />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item label="栅格宽度（1-24）" name="col">
              <InputNumber aria-label="栅格宽度" min={1} max={24} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item label="显示" name="show" valuePropName="checked">
              <Switch aria-label="显示" />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item label="只读" name="readonly" valuePropName="checked">
              <Switch aria-label="只读" />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item label="值编码" name="bianma">
              <Input placeholder="默认同字段编码" />
            </Form.Item>
          </Col>
        </Row>
        {usesOptions(type) ? (
          <Row gutter={16}>
            <Col span={8}>
              <Form.Item label="选项来源" name="sourceKind">
                <Radio.Group
                  options={[
                    { value: 'static', label: '固定选项' },
                    { value: 'dictionary', label: '字典' },
                    { value: 'value-range', label: '值域' },
                  ]}
                />
              </Form.Item>
            </Col>
            {sourceKind === 'dictionary' ? (
              <Col span={8}>
                <Form.Item label="字典" name="sourceCode">
                  <Select
                    aria-label="字典"
                    placeholder="请选择字典"
                    options={dictionaries.map((one) => ({
                      value: one.code,
                      label: `${one.name}（${one.code}）`,
                    }))}
                  />
                </Form.Item>
              </Col>
            ) : null}
            {sourceKind === 'value-range' ? (
              <Col span={8}>
                <Form.Item label="值域" name="sourceCode">
                  <Select
                    aria-label="值域"
                    placeholder="请选择值域"
                    options={valueRanges.map((one) => ({
                      value: one.code,
                      label: `${one.name}（${one.code}）`,
                    }))}
                  />
                </Form.Item>
              </Col>
            ) : null}
            {sourceKind === 'static' ? (
              <Col span={24}>
                <Form.Item
                  label={
                    isNestedType(type)
                      ? '选项（可添加下级）'
                      : needsOptions(type)
                        ? '选项'
                        : '选项（可不填，仍可自由输入）'
                  }
                  name="optionList"
                  validateStatus={optionProblem ? 'error' : undefined}
                  help={optionProblem || undefined}
                >
                  <OptionListEditor nested={isNestedType(type)} label="选项" />
                </Form.Item>
              </Col>
            ) : null}
          </Row>
        ) : isComputedType(type) ? (
          <FormulaEditor others={others} />
        ) : FIXED_OPTIONS[type] ? (
          <p>固定选项：{FIXED_OPTIONS[type]?.join('、')}</p>
        ) : null}
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item
              label={<WireLabel label="上级字段" wire="parentNode" />}
              name="parentNode"
              tooltip={PROPERTY_TIPS.parentNode}
            >
              <Select aria-label="上级字段" mode="multiple" options={codeOptions} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              label={<WireLabel label="下级字段" wire="childNode" />}
              name="childNode"
              tooltip={PROPERTY_TIPS.childNode}
            >
              <Select aria-label="下级字段" mode="multiple" options={codeOptions} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label="分组" name="groupNumber">
              <Select
                aria-label="分组"
                allowClear
                options={groups.map((group) => ({
                  value: group.groupNumber,
                  label: `${group.name}（${group.groupNumber}）`,
                }))}
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              label={<WireLabel label="格式校验（正则表达式）" wire="regex" />}
              name="regex"
              tooltip={PROPERTY_TIPS.regex}
              rules={[zodRule(FormItemSchema.shape.regex)]}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              label={<WireLabel label="格式错误提示" wire="showPrompt" />}
              name="showPrompt"
              tooltip={PROPERTY_TIPS.showPrompt}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              label={<WireLabel label="占位提示" wire="prompt" />}
              name="prompt"
              tooltip={PROPERTY_TIPS.prompt}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label="最大长度（0为默认）" name="length">
              <InputNumber aria-label="最大长度" min={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              label={<WireLabel label="说明" wire="tips" />}
              name="tips"
              tooltip={PROPERTY_TIPS.tips}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              label={<WireLabel label="选择器数据来源" wire="curInfo" />}
              name="curInfo"
              tooltip={PROPERTY_TIPS.curInfo}
            >
              <Input placeholder="系统编码/功能编码" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              label={<WireLabel label="选择模式" wire="selectMode" />}
              name="selectMode"
              tooltip={PROPERTY_TIPS.selectMode}
            >
              <Input placeholder="不填为普通输入" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label="最早日期" name="minDate">
              <Input placeholder="YYYY-MM-DD" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label="最晚日期" name="maxDate">
              <Input placeholder="YYYY-MM-DD" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              label={<WireLabel label="最高分" wire="max" />}
              name="max"
              tooltip="数字字段的最大值（如信用条目的最高分）；变更申请时分数须在0到最高分之间"
            >
              <InputNumber aria-label="最高分" min={0} style={{ width: '100%' }} placeholder="不填为不限" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}

/**
 * The problem of this computed item's formula within the form, or null: the same check the server's
 * schemaProblems makes on draft save (its own formula, and any cycle it closes), placed under the input.
 */
function formulaProblemOf(candidate: FormItem, items: readonly FormItem[]): string | null {
  const form = [...items.filter((other) => other.code !== candidate.code), candidate];
  const own = computedItemProblems(form).filter(
    (problem) =>
      problem.startsWith(`计算字段「${candidate.name}」`) ||
      problem.includes(` ${candidate.name} `) ||
      problem.endsWith(`→ ${candidate.name}`),
  );
  return own[0] ?? null;
}

/** The formula input of a computed item, with what a formula may use (decision 0017). */
function FormulaEditor({ others }: { others: readonly FormItem[] }) {
  return (
    <Row gutter={16}>
      <Col span={24}>
        <Typography.Paragraph type="secondary">
          计算字段的值由服务器在每次保存时按公式计算，填报人不能修改，列表可按它查询和排序。公式可用字段编码、数字、"文本"、
          true/false，运算符 + - * / %、比较 == != &gt; &lt; &gt;= &lt;=、&& || !，以及 条件 ? 值1 :
          值2。空值参与运算结果为空，可用 ifEmpty(字段, 0) 指定缺省值；除数为0时结果为空。
        </Typography.Paragraph>
      </Col>
      <Col span={14}>
        <Form.Item label="计算公式" name="formula" required>
          <Input.TextArea
            aria-label="计算公式"
            autoSize={{ minRows: 3, maxRows: 6 }}
            placeholder="例如 round(price * qty, 2)"
          />
        </Form.Item>
      </Col>
      <Col span={10}>
        <Typography.Text strong>可用字段</Typography.Text>
        <ul aria-label="可用字段" className="ks-formula-fields">
          {others.length ? (
            others.map((other) => (
              <li key={other.code}>
                <Typography.Text code>{other.code}</Typography.Text> {other.name}（
                {FORM_ITEM_TYPE_LABELS[other.type]}）
              </li>
            ))
          ) : (
            <li>表单中还没有其他字段</li>
          )}
        </ul>
      </Col>
      <Col span={24}>
        <Typography.Text strong>可用函数</Typography.Text>
        <ul aria-label="可用函数">
          {FORMULA_FUNCTION_HELP.map((fn) => (
            <li key={fn.signature}>
              <Typography.Text code>{fn.signature}</Typography.Text> {fn.meaning}
            </li>
          ))}
        </ul>
      </Col>
    </Row>
  );
}
