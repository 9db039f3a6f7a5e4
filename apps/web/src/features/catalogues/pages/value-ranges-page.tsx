import { CreateValueRangeBodySchema, type ValueRangeOption } from '@ks/contract/catalogues';
import type { FormOption } from '@ks/contract/form-schema';
import { valueRangesApi } from '../api/value-ranges.ts';
import { OptionCataloguePage } from '../components/option-catalogue-page.tsx';

/** Value-range options carry only label, value and children. */
const toTree = (options: FormOption[]): ValueRangeOption[] =>
  options.map((option) => ({
    label: option.label,
    value: option.value,
    ...(option.children?.length ? { children: toTree(option.children) } : {}),
  }));

/** /system/valueRanges: value ranges (值域), the option trees cascades use as their source. */
export function ValueRangesPage() {
  const { data = [], isLoading } = valueRangesApi.useList();
  const { mutate: save, isPending } = valueRangesApi.useSave();
  const { mutate: remove } = valueRangesApi.useRemove();
  return (
    <OptionCataloguePage
      title="值域管理"
      noun="值域"
      nested
      rules={{
        code: CreateValueRangeBodySchema.shape.code,
        name: CreateValueRangeBodySchema.shape.name,
        options: CreateValueRangeBodySchema.shape.tree,
      }}
      list={data.map((one) => ({ ...one, options: one.tree }))}
      isLoading={isLoading}
      isSaving={isPending}
      save={(input, handlers) =>
        save(
          input.kind === 'create'
            ? { kind: 'create', body: { code: input.code, name: input.name, tree: toTree(input.options) } }
            : {
                kind: 'update',
                body: { id: input.id, version: input.version, name: input.name, tree: toTree(input.options) },
              },
          handlers,
        )
      }
      remove={(id, handlers) => remove(id, handlers)}
    />
  );
}
