import { marketCertificates } from '../../db/schema/market.ts';

/** Refused: another module’s tables, even in a repository. */
export const refused = marketCertificates;
