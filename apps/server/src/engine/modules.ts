import type { JobDefinition } from '../platform/jobs.ts';
import type { LifecycleEvents } from './lifecycle.ts';

/**
 * The seams a business module (credit change, cost-file check, the trading process…) builds
 * through: it registers what it adds while the app is built, and imports nothing of the records
 * runtime or the workflow (README, "Modules on the engine").
 */
export interface EngineSeams {
  /** Record lifecycle handlers: before/after save, before submit, audit decisions, deletes (decision 0016). */
  events: Pick<LifecycleEvents, 'register'>;
  /** Durable job types (decision 0018): what the outbox and schedules deliver to. */
  defineJob(definition: JobDefinition): void;
}

/** A business module: its name (for errors and logs) and its registration, run once per app. */
export interface EngineModule {
  name: string;
  register(seams: EngineSeams): void;
}
