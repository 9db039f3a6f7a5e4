import { sql } from 'drizzle-orm';
import { marketCertificates } from '../../db/schema/market.ts';

/** Allowed: a module's own tables and drizzle-orm, in its repository. */
export const certificates = () => ({ table: marketCertificates, live: sql`deleted_at is null` });
