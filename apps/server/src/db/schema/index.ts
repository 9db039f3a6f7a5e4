/** Every table of the platform, one file per area; drizzle-kit reads this index. */

export * from './files.ts';
export * from './identity.ts';
