/** Every table of the platform, one file per area; drizzle-kit reads this index. */

export * from './builder.ts';
export * from './feedback.ts';
export * from './files.ts';
export * from './help.ts';
export * from './identity.ts';
export * from './notify.ts';
export * from './shell.ts';
