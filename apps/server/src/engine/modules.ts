import type { LoginResult, UserId } from '@ks/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Authenticate } from '../platform/access.ts';
import type { FileService } from '../platform/file-store.ts';
import type { JobDefinition } from '../platform/jobs.ts';
import type { SmsCodes } from '../platform/sms-codes.ts';
import type { DemoSeed } from './demo.ts';
import type { LifecycleEvents } from './lifecycle.ts';
import type { ModuleActions } from './module-actions.ts';
import type { OnBehalfNodes } from './on-behalf.ts';
import type { OptionProviders } from './option-providers.ts';
import type { ProvidedSystems } from './provided-systems.ts';
import type { ReviewNotices } from './review-notices.ts';
import type { UserNotices } from './user-notices.ts';

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
  /**
   * Enqueues a job in the caller's transaction (the transactional outbox): it runs only if that
   * transaction commits. Answers the job's id.
   */
  enqueue: Enqueue;
  /** Notices to one user (a job's result banner); delivered through the push channel. */
  userNotices: UserNotices;
}

/** Sends a durable job inside the given transaction; answers its id. */
export type Enqueue = (tx: Db, jobName: string, payload: unknown) => Promise<string>;

/** A business module's engine registration: its name (for errors and logs), run once per app. */
export interface EngineModule {
  name: string;
  register(seams: EngineSeams): void;
}

/**
 * What a module's routes build their services from, once the platform's plugins are registered:
 * the seams, the registry the records runtime reads, and the platform's services a module may use.
 */
export interface ModuleHost extends Omit<EngineSeams, keyof EngineRegistry | 'defineJob'> {
  config: Config;
  engine: EngineRegistry;
  /** To-dos and results of audits, for a module that runs its own review flow. */
  reviewNotices: ReviewNotices;
  /** Resolves a Bearer token to its session (for a route that is public but reads a session if sent). */
  authenticate: Authenticate;
  /** SMS verification codes (proving a phone number). */
  sms: SmsCodes;
  /**
   * Signs in an account whose holder the module has proven without the password (SMS code, WeChat
   * scan, CA signature): the account's state is checked and the session is issued as at a password
   * login; `way` names the method in the operation log (登录（<way>）).
   */
  signIn: SignIn;
}

/** Starts a session for a proven account (ModuleHost.signIn). */
export type SignIn = (
  userId: UserId,
  way: string,
  meta: { ip: string; userAgent: string },
) => Promise<LoginResult>;

/**
 * A business module, whole, in one object (`modules/<area>/index.ts`): its engine registration and
 * jobs, its routes (which build their own services from the host), the defaults it needs before
 * the first request, and its demo data. `modules/index.ts` lists them; app.ts and the demo seed
 * loop over that list, so adding a module edits no shared file but the list.
 */
export interface BusinessModule {
  name: string;
  /** Its engine registration (none for a module that only serves routes). */
  register?(seams: EngineSeams): void;
  routes?(app: FastifyInstance, host: ModuleHost): Promise<void>;
  /** Rows the module needs on every start (upload slots, default rule versions); idempotent. */
  defaults?(host: ModuleHost): Promise<void>;
  /** The module's demo data, made on an empty database after the demo systems (seed.ts). */
  demo?(seed: DemoSeed): Promise<void>;
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
