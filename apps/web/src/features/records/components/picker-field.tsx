import type { FormItem, NativeValue } from '@ks/contract/form-schema';
import { asBusinessId } from '@ks/contract/ids';
import { Button, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { MULTI_VALUE_JOINS } from '@/lib/constants.ts';
import type { NodeRef, RecordRow } from '../api/types.ts';
import { QualificationPicker } from './qualification-picker.tsx';
import { textOf } from './record-cells.tsx';

/** The node a picker item picks from: its curInfo holds 'systemCoding/gnCoding'. */
export function pickerSourceOf(item: Pick<FormItem, 'curInfo'>): NodeRef | null {
  const [systemCoding, gnCoding] = item.curInfo.split('/').map((part) => part.trim());
  return systemCoding && gnCoding ? { systemCoding, gnCoding } : null;
}

/** The values of an item as a list: its text split by the multi-select join. */
function valuesOf(value: NativeValue | null | undefined): string[] {
  const text = textOf(value);
  return text ? text.split(MULTI_VALUE_JOINS.multiSelect) : [];
}

/**
 * A stand-in row for a value picked earlier: the field keeps only the value, which is all the picker
 * needs to tick that record again when its list shows it, and to hand the value back on confirm.
 */
function pickedRowOf(value: string, bianma: string): RecordRow {
  return {
    id: value,
    // Without a bianma the field keeps the picked record's business number (valueOfRow below).
    businessId: asBusinessId(value),
    version: 0,
    status: '',
    statusName: '',
    auditState: '',
    statusColor: '',
    auditColor: '',
    createdAt: '',
    submittedAt: null,
    ownerName: '',
    schemaVersion: 0,
    operations: [],
    labels: {},
    ...(bianma ? { [bianma]: value } : {}),
  };
}

/**
 * A form item whose selectMode is 'picker' or 'picker-multiple': the picked records' values (the
 * item's bianma, or their business id) become the item's text value, joined by ';' (the contract
 * allows pickers on text items only: PICKER_ITEM_TYPES). Reopened, the picker starts from the current values, so a pick adds
 * to them; a multi-pick value's tags close one by one. Same props as the form's other item renderers.
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
  // The picker keys its selection by this value, not the record id: the value is all the field keeps.
  const valueOfRow = (row: RecordRow) =>
    textOf(item.bianma ? row[item.bianma] : row.businessId) || row.businessId;
  const emit = (next: string[]) => {
    onChange?.(next.length === 0 ? null : next.join(MULTI_VALUE_JOINS.multiSelect));
  };
  const pick = (rows: RecordRow[]) => {
    emit(rows.map(valueOfRow));
    setOpen(false);
  };
  const isClosable = mode === 'multiple' && !isDisabled;
  return (
    <>
      <Space wrap>
        {values.map((entry) => (
          <Tag
            key={entry}
            closable={isClosable}
            onClose={(event) => {
              // The tags follow the value: antd must not hide this one on its own.
              event.preventDefault();
              emit(values.filter((other) => other !== entry));
            }}
          >
            {entry}
          </Tag>
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
          initialSelection={values.map((entry) => pickedRowOf(entry, item.bianma))}
          keyOf={valueOfRow}
          onConfirm={pick}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
