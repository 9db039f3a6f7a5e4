import {
  CLARIFICATION_ACTIONS,
  type ClarificationAction,
  type ClarificationState,
  type TradingSide,
} from '@ks/contract';

/**
 * Who may do what to a clarification, in which states (decision 0078): the write routes check this
 * table and every answer's `actions` are read from it, so a button is offered exactly when its
 * call would pass. Supervisors are in no row: they read and change nothing.
 */
export const CLARIFICATION_RULES: Record<
  ClarificationAction,
  { sides: readonly TradingSide[]; states: readonly ClarificationState[] }
> = {
  edit: { sides: ['tenderee', 'agent'], states: ['draft', 'returned'] },
  submit: { sides: ['tenderee', 'agent'], states: ['draft', 'returned'] },
  approve: { sides: ['centre'], states: ['submitted'] },
  return: { sides: ['centre'], states: ['submitted'] },
  send: { sides: ['tenderee', 'agent'], states: ['approved'] },
  revoke: { sides: ['tenderee', 'agent'], states: ['submitted', 'approved'] },
  delete: { sides: ['tenderee', 'agent'], states: ['draft', 'returned'] },
};

export const mayDo = (action: ClarificationAction, side: TradingSide, state: ClarificationState) =>
  CLARIFICATION_RULES[action].sides.includes(side) && CLARIFICATION_RULES[action].states.includes(state);

export const actionsFor = (side: TradingSide, state: ClarificationState): ClarificationAction[] =>
  CLARIFICATION_ACTIONS.filter((action) => mayDo(action, side, state));

/** The sides that see a project's clarifications and their receipt table. */
export const PARTY_SIDES: readonly TradingSide[] = ['tenderee', 'agent'];
export const CENTRE_SIDES: readonly TradingSide[] = ['centre', 'supervisor'];
