import { users } from '../../db/schema/index.ts';

/** Refused: the schema index hides whose table it is, even from a repository. */
export const refused = users;
