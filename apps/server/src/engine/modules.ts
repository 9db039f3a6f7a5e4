import type { Db } from '../db/client.ts';
import type { FileService } from '../platform/file-store.ts';
import type { JobDefinition } from '../platform/jobs.ts';
import type { LifecycleEvents } from './lifecycle.ts';
import type { ModuleActions } from './module-actions.ts';
import type { OnBehalfNodes } from './on-behalf.ts';
import type { OptionProviders } from './option-providers.ts';
import type { ProvidedSystems } from './provided-systems.ts';

/**
 * The seams a business module (credit change, cost-file check, the trading process…) builds
 * through: it registers what it adds while the app is built, and imports nothing of the records
 * runtime or the workflow (README, "How a module uses the engine's seams").
 */
export interface EngineSeams {
  /** Record lifecycle handlers: before/after save, before submit, audit decisions, deletes (decision 0016). */
  events: Pick<LifecycleEvents, 'register'>;
  /** Module actions: node functions beyond the built-in ones, with their buttons and grants (decision 0030). */
  actions: Pick<ModuleActions, 'register'>;
  /**
   * Per-caller options of a field (decision 0058): what the form's select offers this caller on
   * this record; the save's checks stay the module's (beforeSave).
   */
  options: Pick<OptionProviders, 'register'>;
  /**
   * Nodes whose new records an administrator may enter on behalf of an enterprise, which then owns
   * them (decision 0060): `onBehalf.accept(selector)`.
   */
  onBehalf: Pick<OnBehalfNodes, 'accept'>;
  /** Durable job types (decision 0018): what the outbox and schedules deliver to. */
  defineJob(definition: JobDefinition): void;
  /**
   * Systems the module keeps its records in, built once at start-up through the builder's services
   * and the administrators' from then on (decision 0049).
   */
  systems: Pick<ProvidedSystems, 'provide'>;
  /** The app's database, for what runs outside an action's transaction (scheduled jobs). */
  db: Db;
  /** The platform's file store: a job reads the stored files a module's rows name. */
  files: FileService;
}

/** A business module: its name (for errors and logs) and its registration, run once per app. */
export interface EngineModule {
  name: string;
  register(seams: EngineSeams): void;
}

/**
 * What the modules registered, as the services that run records read it: the records runtime,
 * the workflow, the builder, the catalogues and the permissions page are built with it.
 */
export interface EngineRegistry {
  events: LifecycleEvents;
  actions: ModuleActions;
  systems: ProvidedSystems;
  options: OptionProviders;
  onBehalf: OnBehalfNodes;
}
