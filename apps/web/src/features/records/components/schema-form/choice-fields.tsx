import { Checkbox, Radio } from 'antd';
import type { FieldProps } from './types.ts';

const choicesOf = (props: FieldProps) =>
  props.options.map((option) => ({ label: option.label, value: option.value, disabled: option.isDisabled }));

/** radio, sex (男/女) and y_n_ent (是/否): one value of a short list. */
export function RadioField(props: FieldProps) {
  const { id, value, onChange, isDisabled } = props;
  return (
    <Radio.Group
      id={id}
      value={typeof value === 'string' ? value : undefined}
      onChange={(event) => onChange?.(event.target.value)}
      options={choicesOf(props)}
      disabled={isDisabled}
    />
  );
}

/** checkbox: several values of a short list. */
export function CheckboxField(props: FieldProps) {
  const { value, onChange, isDisabled } = props;
  return (
    <Checkbox.Group
      value={Array.isArray(value) ? value : []}
      onChange={(next) => onChange?.(next.length ? next.map(String) : null)}
      options={choicesOf(props)}
      disabled={isDisabled}
    />
  );
}
