import { certificates as certificateRows } from './repository.ts';

/** Allowed: a service calls its repository. */
export const certificates = () => certificateRows().table;
