import { CheckOutlined } from '@ant-design/icons';
import type { TableColumn } from '@ks/contract/node-definition';
import { auditStateName } from '@ks/contract/records';
import { Badge, Button, Space, Switch, Tag } from 'antd';
import { formatTime } from '@/lib/format-time.ts';
import { readableColor } from '@/lib/readable-colors.ts';
import type { RecordRow } from '../api/types.ts';

const TRUTHY = new Set(['1', 'true', '是', 'Y', 'y']);
export const isTruthy = (value: unknown) => value === true || TRUTHY.has(String(value ?? ''));

export const textOf = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/**
 * The value of a column on a row as a person reads it: envelope columns read the row's envelope
 * (its times, UTC ISO on the wire, in local time to the minute), option fields their display label
 * from the server (市政工程, not the stored code sz), other fields their wire value.
 */
export function cellValue(row: RecordRow, code: string): unknown {
  const label = row.labels?.[code];
  if (label !== undefined) return label;
  if (code === 'status') return row.statusName;
  if (code === 'audit_state') return auditStateName(row.auditState);
  if (code === 'business_id') return row.businessId;
  if (code === 'created_at') return formatTime(row.createdAt);
  if (code === 'submitted_at') return formatTime(row.submittedAt);
  return row[code];
}

/**
 * One cell by column type: status and changeStatus tags in the row's
 * statusColor, auditFlow in its auditColor, dui a tick, switch a read-only switch, link opens the
 * record, state a coloured dot, operations the row's own operation buttons.
 */
export function RecordCell({
  column,
  row,
  onOperation,
  isCoolingDown,
}: {
  column: TableColumn;
  row: RecordRow;
  onOperation: (code: string, row: RecordRow) => void;
  isCoolingDown: boolean;
}) {
  const value = cellValue(row, column.code);
  switch (column.type) {
    case 'status':
    case 'changeStatus':
      return textOf(value) ? <Tag color={readableColor(row.statusColor)}>{textOf(value)}</Tag> : null;
    case 'auditFlow':
      return <Tag color={readableColor(row.auditColor)}>{auditStateName(row.auditState)}</Tag>;
    case 'dui':
      return isTruthy(value) ? <CheckOutlined aria-label="是" style={{ color: '#52c41a' }} /> : null;
    case 'switch':
      return <Switch size="small" checked={isTruthy(value)} disabled aria-label={column.name} />;
    case 'link':
      return (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onOperation('view', row)}>
          {textOf(value)}
        </Button>
      );
    case 'state':
      return <Badge color={row.statusColor} text={textOf(value)} />;
    case 'operations':
      return (
        <Space size={0} wrap>
          {row.operations
            .filter((operation) => operation.show)
            .map((operation) => (
              <Button
                key={operation.code}
                type="link"
                size="small"
                disabled={isCoolingDown}
                style={{ color: isCoolingDown ? undefined : readableColor(operation.color) }}
                onClick={() => onOperation(operation.code, row)}
              >
                {operation.name}
              </Button>
            ))}
        </Space>
      );
    default:
      return <>{textOf(value)}</>;
  }
}
