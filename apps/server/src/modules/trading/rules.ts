import type { ProjectState, TradingAction, TradingSide } from '@ks/contract';
import { TRADING_ACTIONS } from '@ks/contract';

/**
 * Who may do what to a project, and in which states: the write routes check this table and the
 * answers' `actions` (the buttons, /ks/trade/buttons, overview-status) are read from it, so a
 * button is offered exactly when its call would pass (the pattern of market/transfers.ts).
 * Supervisors appear in no row: they read everything and write nothing.
 */
export const TRADING_RULES: Record<
  TradingAction,
  { sides: readonly TradingSide[]; states: readonly ProjectState[] }
> = {
  edit: { sides: ['tenderee', 'agent'], states: ['draft', 'returned'] },
  submit: { sides: ['tenderee', 'agent'], states: ['draft', 'returned'] },
  approve: { sides: ['centre'], states: ['pending'] },
  return: { sides: ['centre'], states: ['pending'] },
  updatePrincipal: {
    sides: ['tenderee', 'agent', 'centre'],
    states: ['draft', 'pending', 'approved', 'returned'],
  },
};

export const mayDo = (action: TradingAction, side: TradingSide, state: ProjectState) =>
  TRADING_RULES[action].sides.includes(side) && TRADING_RULES[action].states.includes(state);

export const actionsFor = (side: TradingSide, state: ProjectState): TradingAction[] =>
  TRADING_ACTIONS.filter((action) => mayDo(action, side, state));

/** The sides that see an entered project (until it is published, a later slice). */
export const SEEING_SIDES: readonly TradingSide[] = ['centre', 'supervisor', 'tenderee', 'agent'];
