import { users } from '../../db/schema/identity.ts';

/** Allowed: a platform table by its own file, in a repository. */
export const accounts = () => users.name;
