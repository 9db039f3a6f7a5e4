import type {
  FormOption,
  GrantableRole,
  NODE_LOGOS,
  NodeDefinitionInput,
  NodeFunction,
  NodeProperty,
  SaveAnnexSlotBody,
} from '@ks/contract';
import type { Db } from '../db/client.ts';

/**
 * Module-provided systems (decision 0049): a business module that keeps its records on the engine
 * (the credit items) describes the system it needs — its nodes, forms, annex slots, grants, a
 * one-level audit by the administrators and the dictionaries its forms read — and the composition
 * root builds it once, through the builder's own services, at start-up (`provided-systems.ts` next
 * to `app.ts`). Once built it belongs to the administrators: it is never rebuilt or overwritten,
 * even when they change or delete it.
 */

export type ProvidedNode = {
  gnCoding: string;
  title: string;
  nodeProperties: Extract<NodeProperty, 'directory' | 'dynamicList'>;
  icon?: (typeof NODE_LOGOS)[number];
  /** The form, list and functions; published at once. */
  definition?: NodeDefinitionInput;
  /** One audit level decided by any one administrator (the system's audit organisation). */
  auditByAdministrators?: boolean;
  annexSlots?: Omit<SaveAnnexSlotBody, 'gnCoding'>[];
  /** Roles whose menu shows the node (administrators see every node anyway). */
  visibleRoles: GrantableRole[];
  /** Functions per role; a node without grants uses the platform defaults. */
  grants?: Partial<Record<GrantableRole, NodeFunction[]>>;
  children?: ProvidedNode[];
};

export type ProvidedDictionary = {
  code: string;
  name: string;
  /** The items when the system is built, read from the module's own tables. */
  items(db: Db): Promise<FormOption[]>;
};

export type ProvidedSystem = {
  /** The providing module's name (logs, the provided_systems row). */
  module: string;
  systemName: string;
  title: string;
  gnCoding: string;
  /** The audit organisation of the administrators, for nodes audited by them. */
  auditOrgName: string;
  dictionaries: ProvidedDictionary[];
  nodes: ProvidedNode[];
};

/** What the modules provided while the app was built; the composition root ensures them. */
export class ProvidedSystems {
  private readonly provided: ProvidedSystem[] = [];

  provide(system: ProvidedSystem): void {
    if (this.provided.some((one) => one.gnCoding === system.gnCoding))
      throw new Error(`system ${system.gnCoding} is provided twice`);
    this.provided.push(system);
  }

  list(): readonly ProvidedSystem[] {
    return this.provided;
  }
}
