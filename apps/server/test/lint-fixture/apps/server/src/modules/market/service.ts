import { marketCertificates } from '../../db/schema/market.ts';

/** Allowed: a module's own tables. */
export const certificates = () => marketCertificates;
