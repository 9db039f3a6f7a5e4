import { type FormItem, type NativeValue, VALUE_KIND_OF } from '@ks/contract/form-schema';
import { Button, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { MULTI_VALUE_JOINS } from '@/lib/constants.ts';
import type { NodeRef, RecordRow } from '../api/types.ts';
import { QualificationPicker } from './qualification-picker.tsx';
import { textOf } from './record-cells.tsx';

/** selectMode values that mount the picker: one record (a radio, e.g. xmName) or several. */
export const PICKER_MODES = { picker: 'single', 'picker-multiple': 'multiple' } as const;
export const isPickerItem = (item: Pick<FormItem, 'selectMode'>) => item.selectMode in PICKER_MODES;

/** The node a picker item picks from: its curInfo holds 'systemCoding/gnCoding'. */
export function pickerSourceOf(item: Pick<FormItem, 'curInfo'>): NodeRef | null {
  const [systemCoding, gnCoding] = item.curInfo.split('/').map((part) => part.trim());
  return systemCoding && gnCoding ? { systemCoding, gnCoding } : null;
}

/** The values of an item as a list: arrays as they are, text split by the multi-select join. */
function valuesOf(value: NativeValue | null | undefined): string[] {
  if (Array.isArray(value)) return value;
  const text = textOf(value);
  return text ? text.split(MULTI_VALUE_JOINS.multiSelect) : [];
}

/**
 * A form item whose selectMode is 'picker' or 'picker-multiple': the picked records' values (the
 * item's bianma, or their business id) become the item's value — an array for multi-value types,
 * text joined by ';' otherwise. Same props as the form's other item renderers.
 */
export function PickerField({
  item,
  value,
  onChange,
  isDisabled,
  isDetail,
}: {
  item: FormItem;
  value?: NativeValue | null;
  onChange?: (value: NativeValue | null) => void;
  isDisabled: boolean;
  isDetail: boolean;
}) {
  const [open, setOpen] = useState(false);
  const source = pickerSourceOf(item);
  const mode = item.selectMode === 'picker-multiple' ? 'multiple' : 'single';
  const values = valuesOf(value);
  if (isDetail) return <span className="ks-detail-value">{values.join('、')}</span>;
  if (!source) return <Typography.Text type="danger">未配置选择来源</Typography.Text>;
  const pick = (rows: RecordRow[]) => {
    const picked = rows.map(
      (row) => textOf(item.bianma ? row[item.bianma] : row.businessId) || row.businessId,
    );
    const isMulti = VALUE_KIND_OF[item.type] === 'multi';
    onChange?.(isMulti ? picked : picked.join(MULTI_VALUE_JOINS.multiSelect));
    setOpen(false);
  };
  return (
    <>
      <Space wrap>
        {values.map((entry) => (
          <Tag key={entry}>{entry}</Tag>
        ))}
        <Button size="small" disabled={isDisabled} onClick={() => setOpen(true)}>
          选择{item.name}
        </Button>
      </Space>
      {open && (
        <QualificationPicker
          source={source}
          open
          mode={mode}
          title={`选择${item.name}`}
          onConfirm={pick}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
