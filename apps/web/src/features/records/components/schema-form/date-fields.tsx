import {
  DATE_INPUT_DISPLAY_LENGTH,
  DATE_INPUT_MAX_LENGTH,
  DATE_PICKER_STEP_MINUTES,
  FORM_DATE_PICKER_STEP_MINUTES,
} from '@ks/contract/constants';
import { DATE_FORMAT_MESSAGE, type FormItem } from '@ks/contract/form-schema';
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ComponentRef, type RefObject, useEffect, useRef } from 'react';
import type { FieldProps } from './types.ts';

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_TIME = /^(\d{4}-\d{2}-\d{2}) (\d{2}):(\d{2})$/;

function isRealDay(text: string): boolean {
  const match = DAY.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

/** Whether typed text is a real date in year-month-day (with hours and minutes for a date-time). */
export function isTypedDateValid(text: string, withTime = false): boolean {
  if (!withTime) return isRealDay(text);
  const match = DAY_TIME.exec(text);
  return !!match && isRealDay(match[1] as string) && Number(match[2]) < 24 && Number(match[3]) < 60;
}

/**
 * Days a picker refuses: those outside the item's minDate/maxDate, and, in the end part of a range,
 * those before the start already chosen.
 */
export function isDayDisabled(
  item: Pick<FormItem, 'minDate' | 'maxDate'>,
  day: Dayjs,
  from?: Dayjs | null,
): boolean {
  const text = day.format(DATE_FORMAT);
  if (item.minDate && text < item.minDate) return true;
  if (item.maxDate && text > item.maxDate) return true;
  return !!from && day.isBefore(from, 'day');
}

const parse = (value: unknown, format: string) => {
  if (typeof value !== 'string' || value === '') return null;
  const parsed = dayjs(value.slice(0, format.length).replace('T', ' '), format);
  return parsed.isValid() ? parsed : null;
};

/** Caps what can be typed into the picker's inputs (antd has no prop for it). */
function useInputMaxLength(ref: RefObject<{ nativeElement: HTMLElement } | null>, maxLength: number) {
  useEffect(() => {
    for (const input of ref.current?.nativeElement.querySelectorAll('input') ?? [])
      input.maxLength = maxLength;
  });
}

type DateTimeInputProps = {
  id?: string;
  value: string | null;
  onChange: (value: string | null) => void;
  /** Typed text that is not a date: the caller clears the value and says 日期格式错误，请重新输入. */
  onInvalidText: () => void;
  withTime?: boolean;
  /** Minutes between time options: 15 by default, 30 in the form. */
  minuteStep?: number;
  disabledDate?: (day: Dayjs) => boolean;
  placeholder?: string;
  disabled?: boolean;
};

/** The platform's date(-time) picker: typed input checked on blur, times 00:00 to 23:59 by step. */
export function DateTimeInput({
  id,
  value,
  onChange,
  onInvalidText,
  withTime = false,
  minuteStep = DATE_PICKER_STEP_MINUTES,
  disabledDate,
  placeholder,
  disabled,
}: DateTimeInputProps) {
  const ref = useRef<ComponentRef<typeof DatePicker>>(null);
  const format = withTime ? DATETIME_FORMAT : DATE_FORMAT;
  useInputMaxLength(ref, withTime ? DATE_INPUT_DISPLAY_LENGTH : DATE_INPUT_MAX_LENGTH);
  return (
    <DatePicker
      ref={ref}
      id={id}
      value={parse(value, format)}
      format={format}
      showTime={withTime ? { format: 'HH:mm', minuteStep: minuteStep as 30 } : false}
      onChange={(day) => onChange(day ? day.format(format) : null)}
      onBlur={(event) => {
        const text = (event.target as HTMLInputElement).value ?? '';
        if (text !== '' && !isTypedDateValid(text, withTime)) onInvalidText();
      }}
      disabledDate={disabledDate}
      placeholder={placeholder}
      disabled={disabled}
      style={{ width: '100%' }}
    />
  );
}

/** date and datetime items; one whose parent is a date disables the days before the parent's. */
export function DateField({ item, id, value, onChange, isDisabled, replaceValue, parentDay }: FieldProps) {
  const withTime = item.type === 'datetime';
  return (
    <DateTimeInput
      id={id}
      value={typeof value === 'string' ? value : null}
      onChange={(next) => onChange?.(next)}
      onInvalidText={() => replaceValue(null, DATE_FORMAT_MESSAGE)}
      withTime={withTime}
      minuteStep={FORM_DATE_PICKER_STEP_MINUTES}
      disabledDate={(day) => isDayDisabled(item, day, parse(parentDay(), DATE_FORMAT))}
      placeholder={item.prompt || (withTime ? '请选择日期时间' : '请选择日期')}
      disabled={isDisabled}
    />
  );
}

/** daterange: two days; the end part refuses days before the start. */
export function DateRangeField({ item, id, value, onChange, isDisabled, replaceValue }: FieldProps) {
  const ref = useRef<ComponentRef<typeof DatePicker.RangePicker>>(null);
  useInputMaxLength(ref, DATE_INPUT_MAX_LENGTH);
  const [start, end] = Array.isArray(value) ? value : [];
  return (
    <DatePicker.RangePicker
      ref={ref}
      id={id ? { start: id } : undefined}
      value={[parse(start, DATE_FORMAT), parse(end, DATE_FORMAT)]}
      format={DATE_FORMAT}
      onChange={(days) => {
        const [first, last] = days ?? [];
        onChange?.(first && last ? [first.format(DATE_FORMAT), last.format(DATE_FORMAT)] : null);
      }}
      onBlur={(event) => {
        const text = (event.target as HTMLInputElement).value ?? '';
        if (text !== '' && !isTypedDateValid(text)) replaceValue(null, DATE_FORMAT_MESSAGE);
      }}
      disabledDate={(day, info) => isDayDisabled(item, day, info?.from)}
      placeholder={['开始日期', '结束日期']}
      disabled={isDisabled}
      style={{ width: '100%' }}
    />
  );
}
