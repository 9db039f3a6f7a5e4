import type { creditScores } from '../../db/schema/credit.ts';

/** Refused: even a type from a table definition; the repository exports the row types. */
export type Refused = typeof creditScores;
