import type { FormItem, FormOption, NativeValue } from '@ks/contract/form-schema';
import type { ComponentType } from 'react';

/** What the form gives every item renderer besides the value and onChange injected by Form.Item. */
export type FieldContext = {
  item: FormItem;
  /** The item's options as they stand now (static, fixed, or loaded for its parent's value). */
  options: FormOption[];
  /** The item is shown but may not be changed (its own readonly flag). */
  isDisabled: boolean;
  /** Detail mode: the whole form is read-only. */
  isDetail: boolean;
  /**
   * Asks whether a child select may open: false (after warning) when its parent is empty and its
   * group needs the parent first ('_x').
   */
  canOpen: () => boolean;
  /** The day a date item may not go before: its parent date item's value (an end date's start), or null. */
  parentDay: () => string | null;
  /** Replaces the value outside a normal change (blur clean-up) and places a message under the field. */
  replaceValue: (value: NativeValue, message?: string) => void;
};

export type FieldProps<V extends NativeValue = NativeValue> = FieldContext & {
  id?: string;
  value?: V | null;
  onChange?: (value: V | null) => void;
};

export type FieldRenderer = ComponentType<FieldProps>;
