import { z } from 'zod';
import { envelopeOf } from './envelope.ts';
import { optionValueProblem } from './form-schema.ts';
import { CardStyleSchema } from './node-definition.ts';

/**
 * Catalogues developers and administrators keep for forms ("Option", "Menus,
 * dictionaries and buttons"): dictionaries (字典, flat option lists), value ranges (值域, option
 * trees for cascades) and style templates (/system/styleTemplate, named card styles).
 */

/** A catalogue code: letter first, then letters, digits or underscores; items reference it. */
export const CATALOGUE_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;
const codeSchema = (what: string) =>
  z
    .string(`请输入${what}编码`)
    .trim()
    .min(1, `请输入${what}编码`)
    .max(40, `${what}编码不能超过40个字符`)
    .regex(CATALOGUE_CODE_PATTERN, `${what}编码须以字母开头，由字母、数字或下划线组成`);
const nameSchema = (what: string) =>
  z.string(`请输入${what}名称`).trim().min(1, `请输入${what}名称`).max(40, `${what}名称不能超过40个字符`);
const optionLabel = z
  .string('请输入选项名称')
  .trim()
  .min(1, '请输入选项名称')
  .max(100, '选项名称不能超过100个字符');
const optionValue = z
  .string('请输入选项值')
  .trim()
  .min(1, '请输入选项值')
  .max(100, '选项值不能超过100个字符');

export const CATALOGUE_ID_MESSAGE = '请选择要操作的数据';
const idSchema = z.string(CATALOGUE_ID_MESSAGE).uuid(CATALOGUE_ID_MESSAGE);
const versionSchema = z.number('缺少版本号').int('缺少版本号');
export const CatalogueIdQuerySchema = z.object({ id: idSchema });
export const CatalogueCodeBodySchema = z.object({ code: z.string('请选择编码').trim().min(1, '请选择编码') });
export type CatalogueCodeBody = z.infer<typeof CatalogueCodeBodySchema>;
export const CatalogueKeywordQuerySchema = z.object({
  keyword: z.string().trim().max(40, '关键字不能超过40个字符').default(''),
});

// ————— dictionaries —————
export const DICTIONARY_ITEMS_MAX = 500;
export const DictionaryItemSchema = z.object({
  label: optionLabel,
  value: optionValue,
  isDisabled: z.boolean().optional(),
});
export type DictionaryItem = z.infer<typeof DictionaryItemSchema>;
export const duplicateValueMessage = (value: string) => `选项值「${value}」重复`;

const dictionaryItemsSchema = z
  .array(DictionaryItemSchema, '请至少添加一个字典项')
  .min(1, '请至少添加一个字典项')
  .max(DICTIONARY_ITEMS_MAX, `字典项不能超过${DICTIONARY_ITEMS_MAX}个`)
  .superRefine((items, context) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      const problem = seen.has(item.value)
        ? duplicateValueMessage(item.value)
        : optionValueProblem(item.value);
      if (problem) context.addIssue({ code: 'custom', path: [index, 'value'], message: problem });
      seen.add(item.value);
    });
  });

export const CreateDictionaryBodySchema = z.object({
  code: codeSchema('字典'),
  name: nameSchema('字典'),
  items: dictionaryItemsSchema,
});
export type CreateDictionaryBody = z.infer<typeof CreateDictionaryBodySchema>;
/** The code is fixed once created: form items refer to it. */
export const UpdateDictionaryBodySchema = z.object({
  id: idSchema,
  version: versionSchema,
  name: nameSchema('字典'),
  items: dictionaryItemsSchema,
});
export type UpdateDictionaryBody = z.infer<typeof UpdateDictionaryBodySchema>;

export const DictionarySchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  items: z.array(DictionaryItemSchema),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type Dictionary = z.infer<typeof DictionarySchema>;
export const DictionaryEnvelopeSchema = envelopeOf(DictionarySchema);
export const DictionaryListEnvelopeSchema = envelopeOf(z.array(DictionarySchema));

export const DICTIONARY_NOT_FOUND_MESSAGE = '字典不存在';
export const DICTIONARY_CODE_TAKEN_MESSAGE = '字典编码已存在，请换一个编码';
export const dictionaryInUseMessage = (nodes: string[]) =>
  `字典正在被节点${nodes.map((node) => `「${node}」`).join('、')}的表单使用，不能删除`;

/** Options as the pull-down calls answer them (labelKey/valueKey name the option's keys). */
export const DicPullDownSchema = z.object({
  list: z.array(DictionaryItemSchema),
  labelKey: z.literal('label'),
  valueKey: z.literal('value'),
});
export type DicPullDown = z.infer<typeof DicPullDownSchema>;
export const DicPullDownEnvelopeSchema = envelopeOf(DicPullDownSchema);

/** The button dictionary: the node functions with their Chinese labels. */
export const LabelledOptionSchema = z.object({ label: z.string(), value: z.string() });
export type LabelledOption = z.infer<typeof LabelledOptionSchema>;
/** A button of the dictionary: a module action's carries its colour and `action: true`. */
export const ButtonOptionSchema = LabelledOptionSchema.extend({
  color: z.string().optional(),
  action: z.boolean().optional(),
});
export type ButtonOption = z.infer<typeof ButtonOptionSchema>;
export const ButtonPullDownEnvelopeSchema = envelopeOf(z.array(ButtonOptionSchema));

// ————— value ranges —————
export const VALUE_RANGE_MAX_DEPTH = 4;
export const VALUE_RANGE_MAX_OPTIONS = 5000;
export type ValueRangeOption = { label: string; value: string; children?: ValueRangeOption[] };
export const ValueRangeOptionSchema: z.ZodType<ValueRangeOption> = z.lazy(() =>
  z.object({
    label: optionLabel,
    value: optionValue,
    children: z.array(ValueRangeOptionSchema).optional(),
  }),
);
export const VALUE_RANGE_DEPTH_MESSAGE = `值域最多${VALUE_RANGE_MAX_DEPTH}级`;
export const VALUE_RANGE_SIZE_MESSAGE = `值域选项不能超过${VALUE_RANGE_MAX_OPTIONS}个`;
export const siblingDuplicateMessage = (value: string) => `同一级中选项值「${value}」重复`;

/** Depth, size, sibling uniqueness and storable values of a value-range tree, with the path of each problem. */
export function valueRangeProblems(
  tree: ValueRangeOption[],
): { path: (string | number)[]; message: string }[] {
  const problems: { path: (string | number)[]; message: string }[] = [];
  let size = 0;
  const walk = (level: ValueRangeOption[], depth: number, path: (string | number)[]) => {
    const seen = new Set<string>();
    level.forEach((option, index) => {
      size += 1;
      const here = [...path, index];
      if (depth > VALUE_RANGE_MAX_DEPTH) {
        problems.push({ path: here, message: VALUE_RANGE_DEPTH_MESSAGE });
        return;
      }
      const problem = seen.has(option.value)
        ? siblingDuplicateMessage(option.value)
        : optionValueProblem(option.value);
      if (problem) problems.push({ path: [...here, 'value'], message: problem });
      seen.add(option.value);
      if (option.children?.length) walk(option.children, depth + 1, [...here, 'children']);
    });
  };
  walk(tree, 1, []);
  if (size > VALUE_RANGE_MAX_OPTIONS) problems.unshift({ path: [], message: VALUE_RANGE_SIZE_MESSAGE });
  return problems;
}

const valueRangeTreeSchema = z
  .array(ValueRangeOptionSchema, '请至少添加一个选项')
  .min(1, '请至少添加一个选项')
  .superRefine((tree, context) => {
    for (const problem of valueRangeProblems(tree))
      context.addIssue({ code: 'custom', path: problem.path, message: problem.message });
  });

export const CreateValueRangeBodySchema = z.object({
  code: codeSchema('值域'),
  name: nameSchema('值域'),
  tree: valueRangeTreeSchema,
});
export type CreateValueRangeBody = z.infer<typeof CreateValueRangeBodySchema>;
export const UpdateValueRangeBodySchema = z.object({
  id: idSchema,
  version: versionSchema,
  name: nameSchema('值域'),
  tree: valueRangeTreeSchema,
});
export type UpdateValueRangeBody = z.infer<typeof UpdateValueRangeBodySchema>;

export const ValueRangeSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  tree: z.array(ValueRangeOptionSchema),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type ValueRange = z.infer<typeof ValueRangeSchema>;
export const ValueRangeEnvelopeSchema = envelopeOf(ValueRangeSchema);
export const ValueRangeListEnvelopeSchema = envelopeOf(z.array(ValueRangeSchema));
/** POST /ks/node/field/value-range: the tree of one value range. */
export const ValueRangeTreeEnvelopeSchema = envelopeOf(z.array(ValueRangeOptionSchema));

export const VALUE_RANGE_NOT_FOUND_MESSAGE = '值域不存在';
export const VALUE_RANGE_CODE_TAKEN_MESSAGE = '值域编码已存在，请换一个编码';
export const valueRangeInUseMessage = (nodes: string[]) =>
  `值域正在被节点${nodes.map((node) => `「${node}」`).join('、')}的表单使用，不能删除`;

// ————— style templates —————
export const CreateStyleTemplateBodySchema = z.object({
  name: nameSchema('样式模板'),
  style: CardStyleSchema,
});
export type CreateStyleTemplateBody = z.infer<typeof CreateStyleTemplateBodySchema>;
export const UpdateStyleTemplateBodySchema = CreateStyleTemplateBodySchema.extend({
  id: idSchema,
  version: versionSchema,
});
export type UpdateStyleTemplateBody = z.infer<typeof UpdateStyleTemplateBodySchema>;
export const StyleTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  style: CardStyleSchema,
  version: z.number().int(),
  updatedAt: z.string(),
});
export type StyleTemplate = z.infer<typeof StyleTemplateSchema>;
export const StyleTemplateEnvelopeSchema = envelopeOf(StyleTemplateSchema);
export const StyleTemplateListEnvelopeSchema = envelopeOf(z.array(StyleTemplateSchema));
export const STYLE_TEMPLATE_NOT_FOUND_MESSAGE = '样式模板不存在';
export const STYLE_TEMPLATE_NAME_TAKEN_MESSAGE = '已有同名样式模板，请换一个名称';

export const CATALOGUE_SAVED_MESSAGE = '保存成功';
export const CATALOGUE_DELETED_MESSAGE = '删除成功';
