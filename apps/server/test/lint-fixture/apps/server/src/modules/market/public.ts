import { certificates } from './service.ts';

/** The port other modules may import. */
export const certificateTable = () => certificates().name;
