import {
  PROJECT_STATE_LABELS,
  type ProjectState,
  TRADING_SIDE_LABELS,
  type TradingSide,
} from '@ks/contract/trading';
import { Tag } from 'antd';

const STATE_COLORS: Record<ProjectState, string> = {
  draft: 'default',
  pending: 'processing',
  approved: 'success',
  returned: 'error',
};

export const StateTag = ({ state }: { state: ProjectState }) => (
  <Tag color={STATE_COLORS[state]}>{PROJECT_STATE_LABELS[state]}</Tag>
);

/** The caller's side as the server answered it. */
export const SideTag = ({ side }: { side: TradingSide }) => <Tag>{TRADING_SIDE_LABELS[side]}</Tag>;

/** 元, with thousands separators and two decimals. */
export const formatAmount = (value: number | null) =>
  value === null
    ? '—'
    : `${value.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} 元`;
