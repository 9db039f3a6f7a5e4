import { users } from '../../db/schema/index.ts';

/** Refused: the schema index hides whose table it is. */
export const refused = users;
