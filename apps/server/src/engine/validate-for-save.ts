import {
  type FormItem,
  type FormOption,
  type NativeValue,
  OPTION_TYPES,
  RECORD_INVALID_MESSAGE,
  validateRecord,
} from '@ks/contract';
import type { Db } from '../db/client.ts';
import { badRequest } from '../platform/errors.ts';
import { resolveOptions } from './option-sources.ts';

/** Options of every option-type item whose source is not static (dictionaries, value ranges), resolved once. */
export async function optionSources(db: Db, items: readonly FormItem[]) {
  const resolved = new Map<string, FormOption[]>();
  for (const item of items) {
    if (!OPTION_TYPES.includes(item.type) || item.source.kind === 'static') continue;
    resolved.set(item.code, (await resolveOptions(db, item.source)) ?? []);
  }
  return (item: FormItem) => resolved.get(item.code);
}

/**
 * Validates a record's values with the form's own schema, options read from their sources: the one
 * check a save, an import row and a submit make. A failure is 400 with the {field: message} map.
 */
export async function validateForSave(
  db: Db,
  items: readonly FormItem[],
  values: Record<string, NativeValue | undefined>,
): Promise<Record<string, NativeValue>> {
  const { errors, clean } = validateRecord(items, values, { optionsOf: await optionSources(db, items) });
  const messages = Object.values(errors);
  if (messages.length > 0) throw badRequest(messages[0] ?? RECORD_INVALID_MESSAGE, errors);
  return clean;
}
