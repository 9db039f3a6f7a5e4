import { certificates } from '../market/service.ts';

/** Refused: another module's internals. */
export const refused = certificates;
