import { createHash, randomBytes } from 'node:crypto';

/** An opaque session token: 256 random bits. The database keeps only its SHA-256. */
export const newToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
