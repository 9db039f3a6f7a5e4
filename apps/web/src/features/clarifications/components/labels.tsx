import {
  CLARIFICATION_STATE_LABELS,
  type ClarificationState,
  OBJECTION_STATE_LABELS,
  type ObjectionState,
} from '@ks/contract/clarifications';
import { Tag } from 'antd';

const STATE_COLORS: Record<ClarificationState, string> = {
  draft: 'default',
  submitted: 'processing',
  approved: 'cyan',
  returned: 'error',
  sent: 'success',
};

export const ClarificationStateTag = ({ state }: { state: ClarificationState }) => (
  <Tag color={STATE_COLORS[state]}>{CLARIFICATION_STATE_LABELS[state]}</Tag>
);

export const ObjectionStateTag = ({ state }: { state: ObjectionState }) => (
  <Tag color={state === 'open' ? 'warning' : 'success'}>{OBJECTION_STATE_LABELS[state]}</Tag>
);

const TIME = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An ISO instant from the server as "YYYY-MM-DD HH:mm" in China time; '—' when absent. */
export const chinaTime = (value: string | null) => (value ? TIME.format(new Date(value)) : '—');
