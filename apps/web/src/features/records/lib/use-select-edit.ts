import { useRef } from 'react';

type EditOption = { label: string; value: string; isDisabled?: boolean };

/**
 * A select-edit control (the form's field and the filter card's 下拉可输入): free text, or one of
 * the options. A picked option (or its label typed in full) is sent by its value and shown by its
 * label; any other text is sent as typed. Answers the text to show, the onChange of the input, and
 * the AutoComplete choices, which carry labels because the input shows what is picked.
 */
export function useSelectEdit(
  options: readonly EditOption[],
  value: unknown,
  onChange: ((value: string) => void) | undefined,
) {
  // What was typed for the value last sent: typing 'a' must stay 'a' even when 'a' is an option's value.
  const typed = useRef<{ text: string; value: string } | null>(null);
  const stored = typeof value === 'string' ? value : '';
  const text =
    typed.current?.value === stored
      ? typed.current.text
      : (options.find((option) => option.value === stored)?.label ?? stored);
  const onText = (next: string | undefined) => {
    const input = next ?? '';
    const picked = options.find((option) => !option.isDisabled && option.label === input);
    const nextValue = picked ? picked.value : input;
    typed.current = { text: input, value: nextValue };
    onChange?.(nextValue);
  };
  const choices = options.map((option) => ({
    key: option.value,
    label: option.label,
    value: option.label,
    disabled: option.isDisabled,
  }));
  return { text: text || undefined, onText, choices };
}

/** AutoComplete's search: the choices whose label holds what was typed. */
export const SEARCH_EDIT_LABELS = {
  filterOption: (input: string, option?: { label?: unknown }) => String(option?.label ?? '').includes(input),
};
