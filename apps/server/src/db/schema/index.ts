/** Every table of the platform, one file per area; drizzle-kit reads this index. */

export * from './authority.ts';
export * from './bid-detection.ts';
export * from './builder.ts';
export * from './ca-auth.ts';
export * from './calendar.ts';
export * from './catalogues.ts';
export * from './clarifications.ts';
export * from './cost-checks.ts';
export * from './credit.ts';
export * from './feedback.ts';
export * from './file-analysis.ts';
export * from './files.ts';
export * from './help.ts';
export * from './identity.ts';
export * from './jobs.ts';
export * from './market.ts';
export * from './node-config.ts';
export * from './notify.ts';
export * from './record-changes.ts';
export * from './records.ts';
export * from './shell.ts';
export * from './tender-files.ts';
export * from './trade-notices.ts';
export * from './trading.ts';
export * from './venues.ts';
export * from './workflow.ts';
