export * from './identity.ts';
export * from './market.ts';
