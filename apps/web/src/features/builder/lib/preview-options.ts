import { type FormItem, type FormOption, fromWire, optionsUnder, parentsOf } from '@ks/contract/form-schema';
import { loadDictionaryOptions, loadValueRangeOptions } from '../api/find-choices.ts';

export type OptionLoader = (item: FormItem, parentValue: string | undefined) => Promise<FormOption[]>;

/** An item's own options in the preview: its dictionary, its value range, or its static list. */
async function ownOptionsOf(item: FormItem): Promise<FormOption[]> {
  if (item.source.kind === 'dictionary') return loadDictionaryOptions(item.source.code);
  if (item.source.kind === 'value-range') return loadValueRangeOptions(item.source.code);
  return item.options?.list ?? [];
}

/**
 * The live form preview's option loader over the draft's items: a child narrowed under its parent's
 * value as the records runtime's pull-down narrows it (the contract's optionsUnder), so the
 * developer sees the parent/child behaviour the published form will have.
 */
export const previewOptionLoader =
  (items: readonly FormItem[]): OptionLoader =>
  async (item, parentValue) => {
    const own = await ownOptionsOf(item);
    const parent = items.find((one) => one.code === parentsOf(item)[0]);
    if (!parent || parentValue === undefined || parentValue === '') return own;
    const chosen = fromWire(parent.type, parentValue) as string | string[];
    return [...optionsUnder(own, await ownOptionsOf(parent), chosen, own, parent.type)];
  };
