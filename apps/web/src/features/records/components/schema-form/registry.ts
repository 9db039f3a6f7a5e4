import { type FormItem, type FormItemType, isPickerItem } from '@ks/contract/form-schema';
import { PickerField } from '../picker-field.tsx';
import { CascaderField } from './cascader-fields.tsx';
import { CheckboxField, RadioField } from './choice-fields.tsx';
import { ComputedField } from './computed-field.tsx';
import { DateField, DateRangeField } from './date-fields.tsx';
import { EditorField } from './editor-field.tsx';
import { NumberField } from './number-fields.tsx';
import { SelectEditField, SelectField } from './select-fields.tsx';
import { SwitchField } from './switch-fields.tsx';
import { TextField } from './text-fields.tsx';
import { TransferField } from './transfer-fields.tsx';
import type { FieldRenderer } from './types.ts';

/** One renderer per form item type; the compiler keeps it complete. */
export const FIELD_RENDERERS: Record<FormItemType, FieldRenderer> = {
  text: TextField,
  textarea: TextField,
  'read-text': TextField,
  number: NumberField,
  'input-number': NumberField,
  switch: SwitchField,
  'switch-1': SwitchField,
  'switch-2': SwitchField,
  sex: RadioField,
  y_n_ent: RadioField,
  radio: RadioField,
  checkbox: CheckboxField,
  'select-filter': SelectField,
  select: SelectField,
  'filter-select': SelectField,
  'select-link': SelectField,
  'select-m': SelectField,
  'select-multiple': SelectField,
  'select-edit': SelectEditField,
  cascader: CascaderField,
  'cascader-1': CascaderField,
  'cascader-2': CascaderField,
  'cascader-3': CascaderField,
  transfer: TransferField,
  'transfer-1': TransferField,
  datetime: DateField,
  date: DateField,
  daterange: DateRangeField,
  editor: EditorField,
  'computed-number': ComputedField,
  'computed-date': ComputedField,
  'computed-text': ComputedField,
};

/**
 * The renderer of one item: its type's, except items whose selectMode is 'picker' or
 * 'picker-multiple', which pick records of another node through the qualification picker.
 */
export function rendererOf(item: FormItem): FieldRenderer {
  return isPickerItem(item) ? PickerField : FIELD_RENDERERS[item.type];
}
