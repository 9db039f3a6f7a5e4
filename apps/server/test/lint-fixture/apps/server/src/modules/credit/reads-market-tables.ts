import { marketCertificates } from '../../db/schema/market.ts';

/** Refused: another module's tables. */
export const refused = marketCertificates;
