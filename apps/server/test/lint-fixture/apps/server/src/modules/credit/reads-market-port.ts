import { users } from '../../db/schema/identity.ts';
import { certificateTable } from '../market/public.ts';

/** Allowed: another module's port and a platform table by its own file. */
export const allowed = () => [certificateTable(), users.name];
