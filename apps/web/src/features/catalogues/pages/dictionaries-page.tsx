import { CreateDictionaryBodySchema } from '@ks/contract/catalogues';
import { dictionariesApi } from '../api/dictionaries.ts';
import { OptionCataloguePage } from '../components/option-catalogue-page.tsx';

/** /system/dictionaries: dictionaries (字典), the flat option lists form items use as their source. */
export function DictionariesPage() {
  const { data = [], isLoading } = dictionariesApi.useList();
  const { mutate: save, isPending } = dictionariesApi.useSave();
  const { mutate: remove } = dictionariesApi.useRemove();
  return (
    <OptionCataloguePage
      title="字典管理"
      noun="字典"
      nested={false}
      rules={{
        code: CreateDictionaryBodySchema.shape.code,
        name: CreateDictionaryBodySchema.shape.name,
        options: CreateDictionaryBodySchema.shape.items,
      }}
      list={data.map((one) => ({ ...one, options: one.items }))}
      isLoading={isLoading}
      isSaving={isPending}
      save={(input, handlers) =>
        save(
          input.kind === 'create'
            ? { kind: 'create', body: { code: input.code, name: input.name, items: input.options } }
            : {
                kind: 'update',
                body: { id: input.id, version: input.version, name: input.name, items: input.options },
              },
          handlers,
        )
      }
      remove={(id, handlers) => remove(id, handlers)}
    />
  );
}
