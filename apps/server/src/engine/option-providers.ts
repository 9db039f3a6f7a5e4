import type { FormItem, FormOption } from '@ks/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { enterprises } from '../db/schema/index.ts';
import type { SessionUser } from '../platform/access.ts';
import { matches, type RecordSelector } from './lifecycle.ts';
import type { RecordOwner } from './on-behalf.ts';
import type { ResolvedNode, StoredRecord } from './record-store.ts';

/**
 * Per-caller options (decision 0058): a module registers, for a field of the nodes a selector
 * names, a provider that answers the options the form's select offers this caller on this record.
 * The pull-down and the cascade tree go through it; lists, filters and exports keep the field's
 * own source (they label stored values, whoever stored them), and so does the save's validation:
 * a provider narrows what is offered, the module's beforeSave refuses what does not apply.
 */

/** Who asks: the session and, for an enterprise account, its enterprise type ('' when not set). */
export type OptionCaller = { user: SessionUser; enterpriseType: string | null };

export type OptionRequest = {
  /** The app's database (a read outside any transaction). */
  db: Db;
  caller: OptionCaller;
  node: ResolvedNode;
  item: FormItem;
  /** The record being edited, read within the caller's view scope; null on a new record. */
  record: StoredRecord | null;
  /**
   * The enterprise account the record is for: a saved record's owner (when an enterprise account), on
   * a new one the enterprise an administrator enters it for (decision 0060); null otherwise (an
   * enterprise's own new record is the caller's: `caller.enterpriseType`).
   */
  owner: RecordOwner | null;
  /** The options the field's own source gives (dictionary, value range, its list). */
  options: FormOption[];
};
/** Answers the options, or refuses with `refuse(message, field)` (a 400 the form shows under the select). */
export type OptionProvider = (request: OptionRequest) => Promise<FormOption[]> | FormOption[];

/** The registered providers; the records runtime's option service asks them. */
export class OptionProviders {
  private readonly registered: { selector: RecordSelector; field: string; provide: OptionProvider }[] = [];

  register(selector: RecordSelector, field: string, provide: OptionProvider): void {
    this.registered.push({ selector, field, provide });
  }

  /** The provider of a field of the node (the first registered wins), or undefined. */
  providerOf(node: ResolvedNode, field: string): OptionProvider | undefined {
    return this.registered.find((one) => one.field === field && matches(one.selector, node))?.provide;
  }
}

/** The caller as a provider sees it: the enterprise type is read for accounts of an enterprise. */
export async function optionCaller(db: Db, user: SessionUser): Promise<OptionCaller> {
  if (!user.enterpriseId) return { user, enterpriseType: null };
  const [row] = await db
    .select({ type: enterprises.enterpriseType })
    .from(enterprises)
    .where(eq(enterprises.id, user.enterpriseId))
    .limit(1);
  return { user, enterpriseType: row?.type ?? null };
}
