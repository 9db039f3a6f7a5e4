import type { DemoSeed } from '../../engine/demo.ts';

/** Demo notices: filled in below once the module's flow is in place. */
export async function seedDemoTradeNotices(_seed: DemoSeed): Promise<void> {}
