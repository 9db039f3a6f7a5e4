import { certificateTable } from '../market/public.ts';

/** Allowed: another module's port. */
export const allowed = () => certificateTable();
